/** The live view's hand-written documents must be answers the contract accepts (strict schemas). */
import { LiveData } from "@dtu/api/live";
import { parseStrict } from "@dtu/api/strict";
import { expect, it } from "vitest";
import { doc, inverter, summary } from "./testData";

it("the full and the summary documents parse with the strict live schema", () => {
  expect(() => parseStrict(LiveData, doc([inverter("114182123456"), summary("116482345678")]))).not.toThrow();
  expect(() => parseStrict(LiveData, doc([inverter("1", { events: -1 }), summary("2")]))).not.toThrow();
  expect(() => parseStrict(LiveData, { ...doc([]), extra: 1 })).toThrow(/extra/);
});
