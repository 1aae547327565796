import postcss from "postcss";
import { beforeAll, describe, expect, it } from "vitest";
import { GATEWAY_SOURCES } from "./build-kind.mjs";
import { madeFor } from "./made-for.mjs";
import {
  dropUnwrittenFormMarkup,
  propertyPasses,
  purgeCss,
  purgeUnused,
  sourceWords,
  type SourceWords,
} from "./purge-css.mjs";
import { safelist } from "./purge-safelist.mjs";
import { appSource, compileAppStyles } from "./real-styles.mjs";

// Issue 22 §3: the CSS purge run on the real output, the app's styles compiled with the installed Bootstrap, not on
// made-up CSS. When Bootstrap's output changes shape, a pass that no longer finds what it was written for, or one
// that drops what the app needs, fails here.
const again = `re-check scripts/purge-css*.mjs for Bootstrap other than ${madeFor.bootstrap?.version}`;

let raw: string;
/** The raw output parsed once (read only). */
let rawRoot: postcss.Root;
let purged: postcss.Root;
let source: SourceWords;

const selectorsOf = (root: postcss.Root) => {
  const all: string[] = [];
  root.walkRules((r) => {
    if (!/keyframes$/.test((r.parent as postcss.AtRule | undefined)?.name ?? "")) all.push(...r.selectors);
  });
  return all;
};
/** Classes a selector needs to match (those inside :not() and the like do not). */
const classesOf = (sel: string) =>
  [...sel.replace(/:(not|where|is|has)\([^)]*\)/g, "").matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) =>
    (m[1] ?? "").replace(/\\/g, ""),
  );
const safelisted = (cls: string) => safelist.some((s) => s.test(cls));
/** Every custom property read without a fallback (`var(--x)`), and every declared one. */
const properties = (root: postcss.Root) => {
  const read = new Set<string>();
  const declared = new Set<string>();
  root.walkDecls((d) => {
    if (d.prop.startsWith("--")) declared.add(d.prop);
    for (const m of d.value.matchAll(/var\((--[\w-]+)\)/g)) read.add(m[1] ?? "");
  });
  return { read, declared };
};

beforeAll(async () => {
  raw = compileAppStyles();
  rawRoot = postcss.parse(raw);
  // As the device build purges: the gateway screens' sources do not count (README "Two builds").
  source = sourceWords(appSource, GATEWAY_SOURCES);
  purged = (
    await postcss([purgeCss({ src: appSource, safelist, exclude: GATEWAY_SOURCES })]).process(raw, {
      from: undefined,
    })
  ).root;
}, 30_000);

describe("CSS purge on the real Bootstrap output", () => {
  it("keeps a rule for every class the app writes or the safelist names that Bootstrap styles", () => {
    const wanted = new Set(
      selectorsOf(rawRoot)
        .filter((sel) => /^\.[\w-]+$/.test(sel))
        .map((sel) => sel.slice(1))
        .filter((cls) => source.words.has(cls) || safelisted(cls)),
    );
    const kept = new Set(selectorsOf(purged).flatMap(classesOf));
    // Rules that only declare custom properties may be written out whole (inlineConstants): their class still
    // styles through the rules that read them.
    const missing = [...wanted].filter((cls) => !kept.has(cls) && !onlyProperties(rawRoot, cls));
    expect(missing, again).toEqual([]);
    const named = "alert-success text-bg-dark btn-warning modal-lg navbar form-control".split(" ");
    expect(named.filter((cls) => !kept.has(cls))).toEqual([]);
  });

  it("keeps no class the app never writes, nor markup it never produces", () => {
    const stray = selectorsOf(purged)
      .flatMap(classesOf)
      .filter((cls) => !source.words.has(cls) && !safelisted(cls));
    expect(stray, again).toEqual([]);
    const text = purged.toString();
    const gone = "data-bs-popper|[type=search]|::-webkit-datetime-edit|.carousel|.btn-light".split("|");
    expect(gone.filter((part) => text.includes(part))).toEqual([]);
  });

  it("leaves every custom property the kept rules read declared (or as undeclared as Bootstrap had it)", () => {
    const before = properties(rawRoot);
    const after = properties(purged);
    const lost = [...after.read].filter(
      (p) => !after.declared.has(p) && before.declared.has(p) && !source.words.has(p.slice(2)),
    );
    expect(lost, again).toEqual([]);
  });

  it("each own pass still finds what it was written for in Bootstrap's output", async () => {
    // The selector inlineConstants reads Bootstrap's :root constants from (purge-css-properties.mjs `onRoot`).
    expect(selectorsOf(rawRoot).join("|"), again).toContain(":root|[data-bs-theme=light]");
    const root = (await postcss([purgeUnused(source, safelist)]).process(raw, { from: undefined })).root;
    const shrinks = (name: string, run: () => void) => {
      const before = root.toString().length;
      run();
      expect(root.toString().length, `${name} removed nothing: ${again}`).toBeLessThan(before);
    };
    shrinks("dropUnwrittenFormMarkup", () => dropUnwrittenFormMarkup(root, source));
    for (const pass of new Set(propertyPasses)) shrinks(pass.name, () => pass(root, source.words));
  });
});

/** Whether every rule of Bootstrap's output for `.cls` alone declares only custom properties. */
function onlyProperties(root: postcss.Root, cls: string) {
  let only = true;
  root.walkRules((r) => {
    if (r.selectors.includes(`.${cls}`)) r.walkDecls((d) => void (only &&= d.prop.startsWith("--")));
  });
  return only;
}
