// A small PostCSS plugin that drops CSS rules whose class selectors (or element types) never appear in the app's source
// (STYLE.md budget: purged Bootstrap ≈ 12 KB gz instead of ≈ 30 KB). A class counts as used when its name
// occurs as a word in the code (not comments) of src/**/*.{ts,tsx} but tests; classes built at run time must be listed
// in `safelist`. Element types, attributes and input types count when the source writes them as markup.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  dropRepeats,
  dropUnusedProperties,
  inlineConstants,
  inlineUniform,
  unsetEmpty,
} from "./purge-css-properties.mjs";

function sourceWords(dir, exclude) {
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

/** @param {{ src: string, safelist?: (string | RegExp)[] }} options */
export function purgeCss({ src, safelist = [], exclude = [] }) {
  const { words, markup } = sourceWords(src, exclude);
  const kept = (cls) =>
    words.has(cls) || safelist.some((s) => (typeof s === "string" ? s === cls : s.test(cls)));
  const selectorUsed = (sel) => {
    // Ignore classes inside :not(...) and similar: they never make a selector match more elements.
    const bare = sel.replace(/:(not|where|is|has)\([^)]*\)/g, "");
    for (const m of bare.matchAll(/\.((?:\\.|[A-Za-z0-9_-])+)/g)) {
      if (!kept(m[1].replace(/\\/g, ""))) return false;
    }
    // Element types the source never writes as a tag (`kbd`, `address`, `progress`: Bootstrap's reboot styles
    // them all; a word such as "progress" in a text does not count). Attribute selectors and pseudo-class
    // arguments are not element types.
    const types = bare.replace(/\[[^\]]*\]|\([^)]*\)/g, "");
    for (const m of types.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9]*)/g)) {
      if (!markup.tags.has(m[1])) return false;
    }
    return formMarkupUsed(bare, markup, words);
  };
  return {
    postcssPlugin: "dtu-purge-css",
    OnceExit(root) {
      root.walkRules((rule) => {
        // Keyframe steps (from, to, 50%) are not selectors.
        if (rule.parent?.type === "atrule" && /keyframes$/.test(rule.parent.name)) return;
        const keep = rule.selectors.filter(selectorUsed);
        if (keep.length === 0) rule.remove();
        else if (keep.length !== rule.selectors.length) rule.selectors = keep;
      });
      dropUnusedProperties(root, words);
      // Twice: a :root constant that read another one (`--bs-body-font-family`) is plain after the first pass.
      inlineConstants(root, words);
      inlineConstants(root, words);
      unsetEmpty(root, words);
      inlineUniform(root, words);
      dropRepeats(root);
      dropUnusedKeyframes(root, words);
      root.walkAtRules((at) => {
        if (at.nodes && at.nodes.length === 0) at.remove();
      });
    },
  };
}
purgeCss.postcss = true;

/**
 * Drops `@keyframes` no kept declaration (or the source) names (issue 15 §4: `spinner-grow` and
 * `progress-bar-stripes` stayed after their classes went).
 */
export function dropUnusedKeyframes(root, words) {
  const named = new Set();
  root.walkDecls((d) => {
    for (const w of d.value.match(/[\w-]+/g) ?? []) named.add(w);
  });
  root.walkAtRules(/keyframes$/, (at) => {
    if (!named.has(at.params) && !words.has(at.params)) at.remove();
  });
}
