// The device build's CSS purge (STYLE.md budget: purged Bootstrap ≈ 12 KB gz instead of ≈ 30 KB), one PostCSS
// plugin in three steps:
// 1. PurgeCSS drops the rules whose classes, element types, ids or attributes the app's source never names, and
//    then the keyframes and custom properties nothing reads any more. A class counts as used when its name occurs
//    as a word in the code (not comments) of src/**/*.{ts,tsx} but tests; classes built at run time must be listed
//    in `safelist`. Element types count only when the source writes them as markup (`<dl`, `createElement("a")`).
// 2. Own: form markup the source never writes (`formMarkupUsed`): input types, [multiple], [list], :indeterminate
//    and the browser parts of those types. PurgeCSS cannot see it (every word of the source may be an attribute
//    value to it); measured on the real output, this step saves 274 B of the device build.
// 3. Own: the custom-property passes of purge-css-properties.mjs, which no maintained tool does (write out
//    Bootstrap's once-declared component properties, `unset` for empty ones, …).
// Issue 22 §3 compared the former all-own purge with this one on the real output: PurgeCSS with step 2 is 31 B
// smaller (it also drops `.dropdown-menu[data-bs-popper]`, an attribute only Bootstrap's own script sets); the own
// class, keyframe and custom-property removal after PurgeCSS removed nothing more, so it went.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import purgeCSSPlugin from "@fullhuman/postcss-purgecss";
import { dropRepeats, inlineConstants, inlineUniform, unsetEmpty } from "./purge-css-properties.mjs";

export function sourceWords(dir, exclude = []) {
  const words = new Set();
  const markup = sourceMarkup("");
  for (const f of readdirSync(dir, { recursive: true })) {
    // Tests name classes and markup the app may not produce (this plugin's own test writes `[type=time]`).
    if (!/\.(tsx?|html)$/.test(f) || /\.test\.tsx?$/.test(f)) continue;
    // Sources another build has (the gateway's screens in the device build, README "Two builds").
    if (exclude.some((e) => f.replaceAll("\\", "/").startsWith(e))) continue;
    const text = withoutComments(readFileSync(join(dir, f), "utf8"));
    for (const w of text.match(/[A-Za-z0-9_-]+/g) ?? []) words.add(w);
    sourceMarkup(text, markup);
  }
  return { words, markup };
}

/**
 * A source text without its comments (issue 15 §4): words of prose such as "lead", "rounded" or "visible" kept
 * Bootstrap classes of those names. Only comments that start a line or follow a space, so `http://` in a string
 * stays.
 */
export function withoutComments(text) {
  return text.replace(/(^|\s)\/\*[\s\S]*?\*\//g, "$1").replace(/(^|\s)\/\/[^\n]*/g, "$1");
}

/**
 * The element types (`<dl`, `createElement("a")`), JSX attribute names (lower case, as the DOM has them:
 * `readOnly` → `readonly`) and input types (`type="number"`, or `type: "number"` in spread props) that a source
 * text writes, added to `into`.
 */
export function sourceMarkup(
  text,
  into = { tags: new Set(["html", "body"]), attrs: new Set(), types: new Set() },
) {
  for (const m of text.matchAll(/<([a-z][a-z0-9]*)[\s>/]|createElement\("([a-z][a-z0-9]*)"/g)) {
    into.tags.add(m[1] ?? m[2]);
  }
  // `name=` or a boolean attribute: a name before `/>`, `>` or the next `name=`.
  for (const m of text.matchAll(/\s([a-zA-Z][\w-]*)(?==[{"']|\s*\/?>|\s+[a-zA-Z][\w-]*=[{"'])/g)) {
    into.attrs.add(m[1].toLowerCase());
  }
  for (const m of text.matchAll(/\btype(?:=|:\s*)["']([\w-]+)["']/g)) into.types.add(m[1]);
  return into;
}

// Browser parts of input types (reboot and forms style them): kept only when the source writes one of the types.
const typedParts = [
  [
    /::-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator)/,
    /^(date|time|datetime-local|month|week)$/,
  ],
  [/::-webkit-search-/, /^search$/],
  [/::-webkit-color-swatch/, /^color$/],
];

/**
 * Whether a selector (without its :not() parts) can match the form markup the source writes (issue 15 §4): no
 * `[type=search]` or date-picker parts without such an input, no `[multiple]` or `[list]` without the attribute,
 * no `:indeterminate` (only a script sets it) without the source naming it.
 */
export function formMarkupUsed(sel, { attrs, types }, words) {
  for (const m of sel.matchAll(/\[type=["']?([\w-]+)/g)) if (!types.has(m[1])) return false;
  for (const m of sel.matchAll(/\[(multiple|list)\]/g)) if (!attrs.has(m[1])) return false;
  if (sel.includes(":indeterminate") && !words.has("indeterminate")) return false;
  return typedParts.every(([part, type]) => !part.test(sel) || [...types].some((t) => type.test(t)));
}

/** Step 1: the PurgeCSS plugin, given the source's words. */
export function purgeUnused(source, safelist) {
  return purgeCSSPlugin(purgeOptions(source, safelist));
}

/**
 * What PurgeCSS may keep (step 1): every word of the source as a class, id, attribute name or value, the element
 * types only from markup.
 */
function purgeOptions({ words, markup }, safelist) {
  const all = [...words];
  const found = {
    classes: all,
    ids: all,
    tags: [...markup.tags],
    attributes: { names: [...all.map((w) => w.toLowerCase()), ...markup.attrs], values: all },
    undetermined: [],
  };
  return {
    // One raw "file" standing for the whole source: its extractor answers with the words read above.
    content: [{ raw: "", extension: "dtu-source" }],
    extractors: [{ extensions: ["dtu-source"], extractor: () => found }],
    // A custom property the source names (`style={{ "--bs-x": … }}`) is read by the app, not by the CSS.
    safelist: { standard: safelist, variables: all.map((w) => (w.startsWith("--") ? w : `--${w}`)) },
    keyframes: true,
    variables: true,
  };
}

/** Step 2: drops the selectors (and rules left without one) for form markup the source never writes. */
export function dropUnwrittenFormMarkup(root, { words, markup }) {
  root.walkRules((rule) => {
    // Keyframe steps (from, to, 50%) are not selectors.
    if (rule.parent?.type === "atrule" && /keyframes$/.test(rule.parent.name)) return;
    // Classes inside :not(...) and similar never make a selector match more elements.
    const keep = rule.selectors.filter((sel) =>
      formMarkupUsed(sel.replace(/:(not|where|is|has)\([^)]*\)/g, ""), markup, words),
    );
    if (keep.length === 0) rule.remove();
    // Also one selector per line as PurgeCSS left them ("a,\nb"): dropRepeats reads plain selectors.
    else rule.selector = keep.join(",");
  });
}

/** The own passes over custom properties (step 3), in the order the build runs them. */
export const propertyPasses = [
  // Twice: a :root constant that read another one (`--bs-body-font-family`) is plain after the first pass.
  inlineConstants,
  inlineConstants,
  unsetEmpty,
  inlineUniform,
  dropRepeats,
];

/** @param {{ src: string, safelist?: (string | RegExp)[], exclude?: string[] }} options */
export function purgeCss({ src, safelist = [], exclude = [] }) {
  const source = sourceWords(src, exclude);
  const purgecss = purgeUnused(source, safelist);
  return {
    postcssPlugin: "dtu-purge-css",
    async OnceExit(root, helpers) {
      await purgecss.OnceExit(root, helpers);
      dropUnwrittenFormMarkup(root, source);
      for (const pass of propertyPasses) pass(root, source.words);
      root.walkAtRules((at) => {
        if (at.nodes && at.nodes.length === 0) at.remove();
      });
    },
  };
}
purgeCss.postcss = true;
