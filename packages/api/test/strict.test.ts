/** parseStrict: the strict twin of a schema rejects keys the contract does not name, at any depth. */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { NetworkStatus } from "../src/settings.ts";
import { LiveData } from "../src/live.ts";
import { parseStrict, strict } from "../src/strict.ts";
import answers from "./answers.json" with { type: "json" };

describe("parseStrict", () => {
  it("accepts an answer with exactly the named keys", () => {
    expect(parseStrict(NetworkStatus, answers.networkStatus).sta_rssi).toBe(-61);
  });

  it("rejects an unknown top-level key and names it", () => {
    expect(() => parseStrict(NetworkStatus, { ...answers.networkStatus, extra: 1 })).toThrow(/extra/);
  });

  it("rejects an unknown key nested in arrays, records and unions", () => {
    const doc = JSON.parse(JSON.stringify(answers.liveStatus)) as { inverters: Record<string, unknown>[] };
    doc.inverters[0] = { ...doc.inverters[0], surplus: true };
    expect(() => parseStrict(LiveData, doc)).toThrow(/surplus/);
    const record = v.record(v.string(), v.union([v.object({ a: v.number() }), v.object({ b: v.string() })]));
    expect(() => parseStrict(record, { x: { a: 1 } })).not.toThrow();
    expect(() => parseStrict(record, { x: { a: 1, c: 2 } })).toThrow(/contract violation/);
  });

  it("keeps the open schema open (the web app's rule, API.md §9.0)", () => {
    expect(v.safeParse(NetworkStatus, { ...answers.networkStatus, extra: 1 }).success).toBe(true);
    expect(v.safeParse(strict(NetworkStatus), { ...answers.networkStatus, extra: 1 }).success).toBe(false);
  });

  it("reports a wrong type with its path", () => {
    expect(() => parseStrict(NetworkStatus, { ...answers.networkStatus, sta_rssi: "-61" })).toThrow(
      /sta_rssi/,
    );
  });
});
