import { describe, expect, it } from "vitest";
import { numberAt, parsePath, valueAt } from "../../src/meter/jsonPath.ts";
import { MeterFailure } from "../../src/meter/failure.ts";

function failure(fn: () => unknown): MeterFailure["error"] {
  try {
    fn();
  } catch (err) {
    if (err instanceof MeterFailure) return err.error;
    throw err;
  }
  throw new Error("did not fail");
}

describe("JSON paths", () => {
  it("parses keys and indexes", () => {
    expect(parsePath("a.b[1].c")).toEqual(["a", "b", 1, "c"]);
    expect(parsePath("SML.curr_w")).toEqual(["SML", "curr_w"]);
    expect(parsePath("emeters[0].power")).toEqual(["emeters", 0, "power"]);
    expect(parsePath("[2]")).toEqual([2]);
    expect(parsePath("")).toEqual([]);
    for (const bad of ["a.", ".a", "a..b", "a[x]", "a[1", "a]b", "a b[1]c"])
      expect(parsePath(bad)).toBeNull();
  });

  it("finds values, and nothing on the prototype", () => {
    const doc = { a: { b: [{ c: 1 }, { c: 2.5 }] } };
    expect(valueAt(doc, ["a", "b", 1, "c"])).toBe(2.5);
    expect(valueAt(doc, ["a", "toString"])).toBeUndefined();
    expect(valueAt(doc, ["a", 0])).toBeUndefined();
  });

  it("reads numbers and says why not", () => {
    expect(numberAt({ p: "-12.5" }, "p")).toBe(-12.5);
    expect(numberAt(42, "")).toBe(42);
    expect(failure(() => numberAt({ p: 1 }, "q"))).toMatchObject({ code: "no_value", params: { path: "q" } });
    expect(failure(() => numberAt({ p: null }, "p")).code).toBe("no_value");
    expect(failure(() => numberAt({ p: "on" }, "p"))).toMatchObject({
      code: "not_number",
      params: { path: "p", value: "on" },
      message: 'the value at "p" is not a number: on',
    });
    expect(failure(() => numberAt({ p: { x: 1 } }, "p")).params).toEqual({ path: "p", value: '{"x":1}' });
  });
});
