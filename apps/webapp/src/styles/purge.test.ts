import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { formMarkupUsed, sourceMarkup, withoutComments } from "../../scripts/purge-css.mjs";
import {
  dropRepeats,
  inlineConstants,
  inlineUniform,
  unsetEmpty,
} from "../../scripts/purge-css-properties.mjs";

type Pass = (root: postcss.Root, words: ReadonlySet<string>) => void;
const runWith =
  (pass: Pass) =>
  (css: string, words: string[] = []) => {
    const root = postcss.parse(css);
    pass(root, new Set(words));
    return root.toString().replace(/\s+/g, " ").trim();
  };

/** Each CSS text comes out as it went in (with the given words named by the source). */
const unchanged = (run: ReturnType<typeof runWith>, texts: string[], words: string[] = []) => {
  for (const css of texts) expect(run(css, words)).toBe(css);
};

// The build inlines Bootstrap's once-declared component properties (scripts/purge-css.mjs, issue 15 §4).
const run = runWith(inlineConstants);

describe("purge-css inlineConstants", () => {
  it("inlines a property declared once on a plain class, also through another inlined one", () => {
    expect(run(".a{--x:1px;--y:var(--x) solid}.b{border:var(--y)}")).toBe(".b{border:1px solid}");
  });

  it("inlines a constant declared once on :root, but not one that reads another property there", () => {
    const root = ":root,[data-bs-theme=light]";
    expect(run(`${root}{--w:1px}.b{border:var(--w) solid}`)).toBe(".b{border:1px solid}");
    const reads = `${root}{--w:var(--v)}.b{width:var(--w)}`;
    expect(run(reads)).toBe(reads);
  });

  it("keeps a property that a variant, theme or media query declares again", () => {
    const css = ".btn{--c:red}.btn-x{--c:blue}.btn{color:var(--c)}";
    expect(run(css)).toBe(css);
    const themed = ".a{--c:red}[data-bs-theme=dark] .a{--c:blue}.a{color:var(--c)}";
    expect(run(themed)).toBe(themed);
  });

  it("keeps properties read with a fallback, named by the source, empty, or on a compound selector", () => {
    unchanged(run, [
      ".a{--c:red}.b{color:var(--c,blue)}",
      ".a .b{--c:red}.b{color:var(--c)}",
      ".a{--c: }.b{color:var(--c)}",
    ]);
    unchanged(run, [".a{--c:red}.b{color:var(--c)}"], ["c"]);
  });

  it("drops the space after commas outside data URLs", () => {
    expect(run(".a{--rgb:13, 110, 253}.a{--rgb:1}.b{background:url(data:x, y)}")).toBe(
      ".a{--rgb:13,110,253}.a{--rgb:1}.b{background:url(data:x, y)}",
    );
  });
});

// Form markup the source never writes (scripts/purge-css.mjs `formMarkupUsed`, issue 15 §4).
describe("purge-css formMarkupUsed", () => {
  const markup = sourceMarkup('<input type="number" readOnly /><input {...{ type: "file" }} list={x} />');
  const used = (sel: string, words: string[] = []) => formMarkupUsed(sel, markup, new Set(words));

  it("reads JSX attribute names in lower case and the input types, also from spread props", () => {
    expect([...markup.attrs].sort()).toEqual(["list", "readonly", "type"]);
    expect([...markup.types].sort()).toEqual(["file", "number"]);
  });

  it("reads classes from code, not from comments; a URL in a string is not a comment", () => {
    const code = '/** rounded */\nconst a = "lead"; // visible\nconst u = "http://x/showing";';
    expect(withoutComments(code)).toBe('\nconst a = "lead"; \nconst u = "http://x/showing";');
  });

  it("reads element types from JSX tags and createElement, not from words", () => {
    const { tags } = sourceMarkup('<dl className="progress"><dt>{x}</dt></dl>; document.createElement("a")');
    expect([...tags].sort()).toEqual(["a", "body", "dl", "dt", "html"]);
  });

  it("drops selectors for input types, attributes and states the source never produces", () => {
    expect(used("[type=search]")).toBe(false);
    expect(used(".form-check-input:checked[type=radio]")).toBe(false);
    expect(used("::-webkit-datetime-edit-day-field")).toBe(false);
    expect(used("::-webkit-search-decoration")).toBe(false);
    expect(used(".form-select[multiple]")).toBe(false);
    expect(used(".form-check-input[type=checkbox]:indeterminate")).toBe(false);
  });

  it("keeps those the source writes", () => {
    expect(used("[type=number]")).toBe(true);
    expect(used(".form-control[type=file]")).toBe(true);
    expect(used("[list]::-webkit-calendar-picker-indicator")).toBe(false);
    expect(used("[list]")).toBe(true);
    expect(used(".x:indeterminate", ["indeterminate"])).toBe(true);
    expect(formMarkupUsed("::-webkit-datetime-edit", sourceMarkup('<input type="time" />'), new Set())).toBe(
      true,
    );
  });
});

describe("purge-css unsetEmpty", () => {
  const run = runWith(unsetEmpty);

  it("writes unset for a property read whole from a custom property empty wherever declared", () => {
    expect(run(".a{--c: }.b .a{--c:}.a{color:var(--c)}")).toBe(".a{color:unset}");
    expect(run(":root{--h:inherit}[data-bs-theme=dark]{--h:inherit}h1{color:var(--h)}")).toBe(
      "h1{color:unset}",
    );
    expect(run("body{text-align:var(--never)}")).toBe("body{text-align:unset}");
    unchanged(run, ["body{text-align:var(--set-by-code)}"], ["set-by-code"]);
  });

  it("keeps the reference when a declaration is not empty, the value has more, or a custom property reads it", () => {
    unchanged(run, [
      ".a{--c: }[data-bs-theme=dark] .a{--c:red}.a{color:var(--c)}",
      ".a{--c: }.a{border:1px solid var(--c)}",
      ".a{--c: }.a{--d:var(--c)}",
    ]);
    unchanged(run, [".a{--c: }.a{color:var(--c)}"], ["c"]);
  });
});

describe("purge-css inlineUniform", () => {
  const run = runWith(inlineUniform);

  it("inlines a property with one value wherever declared into readers in its own rules", () => {
    expect(run(".a{--o:1;color:rgba(1,2,3,var(--o))}.b{--o:1;color:rgba(4,5,6,var(--o))}")).toBe(
      ".a{color:rgba(1,2,3,1)}.b{color:rgba(4,5,6,1)}",
    );
  });

  it("writes the fallback of a property never declared, or declared with that value", () => {
    expect(run("a{color:rgba(1,2,3,var(--o,1))}")).toBe("a{color:rgba(1,2,3,1)}");
    expect(run(".a{--o:1}.b{color:rgba(1,2,3,var(--o,1))}")).toBe(".b{color:rgba(1,2,3,1)}");
  });

  it("keeps properties with two values, a keyword, a bare reader elsewhere, a nested reader, or named by the source", () => {
    unchanged(run, [
      ".a{--o:1}.b{--o:.5}.a{opacity:var(--o)}",
      ".a{--o:initial}.a{opacity:var(--o)}",
      ".a{--o:1}.b{opacity:var(--o)}",
      ".a{--o:1}.b{opacity:var(--p,var(--o))}",
    ]);
    unchanged(run, [".a{--o:1;opacity:var(--o)}"], ["o"]);
  });
});

describe("purge-css dropRepeats", () => {
  const run = runWith(dropRepeats);

  it("drops a one-valued property from a rule that narrows one declaring it", () => {
    expect(run(".n{--c:#fff;display:flex}.n[data-x=y]{--c:#fff}")).toBe(".n{--c:#fff;display:flex}");
  });

  it("keeps it when another value exists, the rule does not narrow, or the wider rule lacks it", () => {
    unchanged(run, [
      ".n{--c:#fff}.n[data-x=y]{--c:#000}",
      ".n{--c:#fff}.m .n[data-x=y]{--c:#fff}",
      ".n{--c:#fff}.n[data-x=y],.o{--c:#fff}",
      ".n{--d:1}.n[data-x=y]{--c:#fff}",
    ]);
  });
});
