import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { madeFor } from "./made-for.mjs";
import { bootstrapFile, bootstrapFileHash, compileScss } from "./real-styles.mjs";

// Issue 22 §3: the styles that stand in for parts of Bootstrap (src/styles/_button-variants.scss redefines its
// button mixins, _accordion.scss replaces its accordion module) must fail a test when Bootstrap changes the part.
const version = madeFor.bootstrap?.version;

/** Bootstrap's buttons module, with its own mixins or, when `lean`, with ours and their fallbacks on :where(.btn). */
const buttons = (lean: boolean) =>
  compileScss(
    [
      ...["functions", "variables", "variables-dark", "maps", "mixins"].map(
        (m) => `@import "bootstrap/scss/${m}";`,
      ),
      lean ? '@import "button-variants"; :where(.btn) { @include button-variant-fallbacks; }' : "",
      '@import "bootstrap/scss/buttons";',
    ].join("\n"),
  );

/**
 * The custom properties each colour variant's element (`.btn-primary`, `.btn-outline-danger`, …) ends up with that
 * some rule reads: the declarations on `:where(.btn)`, then `.btn`, then the variant (higher specificity wins), with
 * `var(--x)` read from the element's own result. A property nothing reads (Bootstrap's `--bs-btn-active-shadow`
 * without $enable-shadows) does not change the look.
 */
function variantProperties(css: string) {
  const rules = new Map<string, Map<string, string>>();
  const read = new Set<string>();
  postcss.parse(css).walkRules((r) => {
    r.walkDecls((d) => {
      if (!d.prop.startsWith("--"))
        for (const m of d.value.matchAll(/var\((--[\w-]+)/g)) read.add(m[1] ?? "");
    });
    if (r.parent?.type !== "root") return;
    for (const sel of r.selectors) {
      const decls = rules.get(sel) ?? new Map<string, string>();
      r.walkDecls(/^--/, (d) => void decls.set(d.prop, d.value));
      rules.set(sel, decls);
    }
  });
  const layers = (sel: string) => [rules.get(":where(.btn)"), rules.get(".btn"), rules.get(sel)];
  const out = new Map<string, Record<string, string>>();
  for (const [sel, decls] of rules) {
    // A colour variant declares its colour (sizes such as `.btn-lg` do not); `.btn-link` is Bootstrap's own.
    if (!/^\.btn-[a-z-]+$/.test(sel) || !decls.has("--bs-btn-color") || sel === ".btn-link") continue;
    const own = new Map(layers(sel).flatMap((l) => [...(l ?? new Map<string, string>())]));
    const resolve = (v: string, depth = 0): string =>
      depth > 5
        ? v
        : v.replace(/var\((--[\w-]+)\)/g, (all, p: string) => resolve(own.get(p) ?? all, depth + 1));
    const shown = [...own].filter(([p]) => read.has(p)).map(([p, v]) => [p, resolve(v)]);
    out.set(sel, Object.fromEntries(shown.sort()));
  }
  return out;
}

describe("lean copies of Bootstrap", () => {
  it("the lean button variants give every variant exactly Bootstrap's colours", () => {
    const bootstrap = variantProperties(buttons(false));
    const lean = variantProperties(buttons(true));
    expect(bootstrap.size).toBeGreaterThan(10);
    expect(
      Object.fromEntries(lean),
      `styles/_button-variants.scss differs from Bootstrap ${version}'s button-variant mixins: compare it with ` +
        "bootstrap/scss/mixins/_buttons.scss",
    ).toEqual(Object.fromEntries(bootstrap));
  }, 20_000);

  it("Bootstrap's accordion module is the one styles/_accordion.scss was written from", () => {
    expect(
      bootstrapFileHash("scss/_accordion.scss"),
      `bootstrap/scss/_accordion.scss is not Bootstrap ${version}'s: compare styles/_accordion.scss with it (look, ` +
        "states, dark theme), then record the new hash here",
    ).toBe("3654bee12d3f197c7e0c38054b6e7d2d9ac21a3519159c418cb618e8c77f6551");
    expect(bootstrapFile("scss/_accordion.scss")).toContain(".accordion-button");
  });
});
