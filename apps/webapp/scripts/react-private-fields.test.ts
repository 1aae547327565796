import { describe, expect, it } from "vitest";
import { reactPrivateFields, reactPrivateFieldsPattern, ruleChecker } from "./react-private-fields.mjs";

// Issue 22 §2: the minifier renames only names that cannot cross the bundle's boundary. The rules are in
// react-private-fields.mjs; a new React, a new DOM declaration or new app code that breaks one fails here.
describe("react-private-fields", () => {
  const why = ruleChecker();

  it("every listed name still passes the rules for the installed React, DOM declarations and app code", () => {
    const broken = reactPrivateFields.flatMap((n) => {
      const reason = why(n);
      return reason ? [`${n}: ${reason}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("turns away the generic names, the app's own fields and platform names", () => {
    // Generic fields of React that app objects also have (`draft.flags`, the live store's `pending`) or that
    // name a language protocol (`return`).
    for (const n of ["current", "pending", "payload", "flags", "queue", "return", "child", "callback"]) {
      expect(why(n), n).toBeDefined();
    }
    expect(why("sibling")).toMatch(/DOM or ECMAScript/);
    expect(why("lanes")).toMatch(/plain word/);
    expect(why("notAReactField")).toMatch(/no longer use it/);
  });

  it("counts a hook imported from React as React's name, not the app's", () => {
    expect(why("useState")).toBeUndefined();
  });

  it("the minifier's pattern matches exactly the listed names", () => {
    expect(reactPrivateFields.every((n) => reactPrivateFieldsPattern.test(n))).toBe(true);
    expect(reactPrivateFieldsPattern.test("memoizedStateX")).toBe(false);
    expect(reactPrivateFieldsPattern.test("current")).toBe(false);
  });
});
