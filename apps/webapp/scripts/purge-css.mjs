// A small PostCSS plugin that drops CSS rules whose class selectors (or element types) never appear in the app's source
// (STYLE.md budget: purged Bootstrap ≈ 12 KB gz instead of ≈ 30 KB). A class counts as used when its name
// occurs as a word anywhere in src/**/*.{ts,tsx} but tests; classes built at run time must be listed in `safelist`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

function sourceWords(dir) {
  const words = new Set();
  const markup = sourceMarkup("");
  for (const f of readdirSync(dir, { recursive: true })) {
    // Tests name classes and markup the app may not produce (this plugin's own test writes `[type=time]`).
    if (!/\.(tsx?|html)$/.test(f) || /\.test\.tsx?$/.test(f)) continue;
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
export function purgeCss({ src, safelist = [] }) {
  const { words, markup } = sourceWords(src);
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
      inlineConstants(root, words);
      unsetEmpty(root, words);
      inlineUniform(root, words);
      root.walkAtRules((at) => {
        if (at.nodes && at.nodes.length === 0) at.remove();
      });
    },
  };
}
purgeCss.postcss = true;

/**
 * Drops custom properties (`--bs-blue: …`) that no `var(--…)` left in the CSS reads and the source does not name
 * (issue 15 §4: Bootstrap declares ~370, the kept rules read ~290). Repeated because a dropped declaration can be
 * the last reader of another.
 */
function dropUnusedProperties(root, words) {
  for (let changed = true; changed;) {
    changed = false;
    const read = new Set();
    root.walkDecls((d) => {
      for (const m of d.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(m[1]);
    });
    root.walkDecls(/^--/, (d) => {
      if (read.has(d.prop) || words.has(d.prop) || words.has(d.prop.slice(2))) return;
      d.remove();
      changed = true;
    });
  }
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/**
 * Replaces `var(--x)` by its value where Bootstrap declares `--x` once, on a plain class (issue 15 §4: a
 * component's `--bs-accordion-*` block costs each name twice). Declared once means no variant, theme or media query
 * overrides it. A value that reads another property (`var(--bs-body-color)`) is then read on the element using it
 * instead of the component's root: the same value, as the only theme boundary below <html> is the navbar, which is
 * itself a component root (NavBar.tsx).
 */
export function inlineConstants(root, words) {
  // A constant on :root (`--bs-border-width: 1px`) reads the same everywhere; one reading another property would
  // be resolved on :root (light theme) and so must stay.
  const onRoot = (d) =>
    d.parent.selectors.join(",") === ":root,[data-bs-theme=light]" && !d.value.includes("var(");
  const decls = new Map();
  root.walkDecls(/^--/, (d) => decls.set(d.prop, decls.has(d.prop) ? null : d));
  const values = new Map();
  for (const [prop, d] of decls) {
    const plain =
      d &&
      d.parent.type === "rule" &&
      d.parent.parent.type === "root" &&
      (/^\.[\w-]+$/.test(d.parent.selector) || onRoot(d));
    // An empty value makes its reader invalid at computed time (`unset`); written out it would be dropped instead.
    if (
      plain &&
      d.value.trim() !== "" &&
      !d.value.includes(`${prop})`) &&
      !words.has(prop) &&
      !words.has(prop.slice(2))
    )
      values.set(prop, d);
  }
  // A reader with a fallback (`var(--x, 0)`) keeps the property: only the bare form is rewritten.
  root.walkDecls((d) => {
    for (const m of d.value.matchAll(/var\(\s*(--[\w-]+)\s*,/g)) values.delete(m[1]);
  });
  // Repeated until stable, as an inlined value can itself read an inlined property.
  for (let changed = true; changed;) {
    changed = false;
    root.walkDecls((d) => {
      const value = d.value.replace(/var\((--[\w-]+)\)/g, (all, prop) => values.get(prop)?.value ?? all);
      if (value !== d.value) [d.value, changed] = [value, true];
    });
  }
  for (const d of values.values()) d.remove();
  // The minifier keeps values it cannot parse as written (`13, 110, 253`, `rgba(var(--x), .5)`). Bootstrap has
  // commas inside quotes only in data URLs, which keep theirs.
  root.walkDecls((d) => {
    if (!d.value.includes("url(")) d.value = d.value.replace(/,\s+/g, ",");
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/**
 * Writes `unset` for a property read whole from a custom property that is empty or a CSS-wide keyword wherever
 * declared (issue 15 §4:
 * Bootstrap's `--bs-toast-color: ;` read as `color: var(--bs-toast-color)`). Empty or undefined, the reader is
 * invalid at computed-value time, which is `unset` (CSS Variables 1 §3.1). Custom properties reading it keep the
 * reference: for them `unset` would mean inherit.
 */
export function unsetEmpty(root, words) {
  const empty = new Map();
  root.walkDecls(/^--/, (d) => {
    // `--x: initial` (or inherit/unset, when no declaration gives a value to inherit) is undefined too.
    const blank =
      /^(|initial|inherit|unset)$/.test(d.value.trim()) && !words.has(d.prop) && !words.has(d.prop.slice(2));
    empty.set(d.prop, blank && empty.get(d.prop) !== false ? [...(empty.get(d.prop) ?? []), d] : false);
  });
  const readers = new Map();
  root.walkDecls((d) => {
    for (const m of d.value.matchAll(/var\(\s*(--[\w-]+)/g)) {
      if (!empty.get(m[1])) continue;
      const whole = !d.prop.startsWith("--") && d.value.trim() === `var(${m[1]})`;
      if (whole) d.value = "unset";
      else readers.set(m[1], true);
    }
  });
  for (const [prop, decls] of empty) if (decls && !readers.has(prop)) decls.forEach((d) => d.remove());
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/**
 * Inlines a custom property that has one value wherever declared (issue 15 §4: Bootstrap's utilities declare
 * `--bs-border-opacity: 1` on each colour class and read it in the same rule; `text-bg-*` and links read
 * `--bs-bg-opacity` and `--bs-link-opacity` with a fallback of 1 that no kept rule declares). A reader with that
 * value as fallback gets it in any case; a bare reader only in a rule that declares the property itself (elsewhere
 * it might be undefined).
 */
export function inlineUniform(root, words) {
  const declared = new Map();
  root.walkDecls(/^--/, (d) => declared.set(d.prop, [...(declared.get(d.prop) ?? []), d]));
  // The one value (null when never declared), or undefined when it varies, reads another property, is a CSS-wide
  // keyword (`initial` on a custom property means undefined) or the source names the property.
  const uniform = (prop) => {
    const values = new Set((declared.get(prop) ?? []).map((d) => d.value.trim()));
    const [value = null] = values;
    const plain =
      value === null || (value !== "" && !/var\(|^(initial|inherit|unset|revert(-layer)?)$/.test(value));
    return values.size <= 1 && plain && !words.has(prop) && !words.has(prop.slice(2)) ? value : undefined;
  };
  root.walkDecls((d) => {
    d.value = d.value.replace(/var\((--[\w-]+)\s*(?:,\s*([^()]*?)\s*)?\)/g, (all, prop, fallback) => {
      const value = uniform(prop);
      if (value === undefined) return all;
      if (fallback !== undefined) return value === null || fallback === value ? fallback : all;
      const own = d.parent.nodes.some((n) => n.type === "decl" && n.prop === prop);
      return value !== null && own ? value : all;
    });
  });
  // Declarations no reader needs any more (a reader left in a nested fallback still counts).
  const read = new Set();
  root.walkDecls((d) => {
    for (const m of d.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(m[1]);
  });
  for (const [prop, decls] of declared) {
    if (!read.has(prop) && uniform(prop) !== undefined) decls.forEach((d) => d.remove());
  }
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}
