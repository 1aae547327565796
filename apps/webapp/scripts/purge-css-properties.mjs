// Passes of the CSS purge (purge-css.mjs) over Bootstrap's custom properties (issue 15 §4): write out those whose
// value is known where they are read. PurgeCSS has dropped the unread ones before.

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
 * Writes `unset` for a property read whole from a custom property that is never declared, or empty or a CSS-wide
 * keyword wherever declared (issue 15 §4:
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
  // Never declared and not named by the source (which could set it in a style): undefined as well.
  const undefinedHere = (prop) => !empty.has(prop) && !words.has(prop) && !words.has(prop.slice(2));
  const readers = new Map();
  root.walkDecls((d) => {
    for (const m of d.value.matchAll(/var\(\s*(--[\w-]+)/g)) {
      if (!empty.get(m[1]) && !undefinedHere(m[1])) continue;
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

/**
 * Drops a custom property from a rule that only narrows another (`.navbar[data-bs-theme=dark]` after `.navbar`)
 * when it has one value wherever declared: the wider rule gives every matched element that value anyway (issue 15
 * §4: the app's one navbar is always dark, so app.scss gives both blocks the dark colours).
 */
export function dropRepeats(root) {
  const values = new Map();
  root.walkDecls(/^--/, (d) => values.set(d.prop, (values.get(d.prop) ?? new Set()).add(d.value.trim())));
  const wide = new Map();
  root.each((node) => {
    if (node.type !== "rule" || !/^\.[\w-]+$/.test(node.selector)) return;
    const props = wide.get(node.selector) ?? new Set();
    node.walkDecls((d) => props.add(d.prop));
    wide.set(node.selector, props);
  });
  root.each((node) => {
    const base = node.type === "rule" && node.selector.match(/^(\.[\w-]+)[[.:]/)?.[1];
    if (!base || !wide.has(base) || node.selectors.length > 1 || /[\s>+~]/.test(node.selector)) return;
    node.walkDecls(/^--/, (d) => {
      if (wide.get(base).has(d.prop) && values.get(d.prop).size === 1) d.remove();
    });
    if (node.nodes.length === 0) node.remove();
  });
}
