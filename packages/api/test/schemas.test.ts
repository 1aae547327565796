/**
 * The map's answer schemas against the answers of API.md (answers.json: the spec's examples, as a real v23.11.16
 * device sends them) and against malformed ones; later firmware's extra keys pass the open schemas.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { endpoints, type EndpointName } from "../src/endpoints.ts";
import { responseSchemas } from "../src/schemas.ts";
import { parseStrict } from "../src/strict.ts";
import answers from "./answers.json" with { type: "json" };
import later from "./answers-later.json" with { type: "json" };

const names = Object.keys(answers) as (keyof typeof answers & EndpointName)[];

function schemaOf(name: EndpointName): v.GenericSchema {
  const schema = responseSchemas[name];
  if (!schema) throw new Error(`${name} has no JSON answer`);
  return schema;
}

describe("answer schemas", () => {
  it("every entry of the map has a schema slot, null only for the answers that are not JSON", () => {
    expect(Object.keys(responseSchemas).sort()).toEqual(Object.keys(endpoints).sort());
    const notJson = Object.entries(responseSchemas).filter(([, s]) => s === null);
    expect(notJson.map(([n]) => n).sort()).toEqual(["configGet", "firmwareUpdate", "prometheus"]);
  });

  it.each(names)("%s: the device's answer parses strictly", (name) => {
    expect(() => parseStrict(schemaOf(name), answers[name])).not.toThrow();
  });

  it.each(names)("%s: a missing key is rejected", (name) => {
    const answer = answers[name] as Record<string, unknown>;
    const first = Object.keys(answer)[0] ?? "";
    const { [first]: _dropped, ...rest } = answer;
    // A record answer (limit status) keyed by serial has no required key; its entries do.
    const malformed = name === "limitStatus" ? { x: {} } : rest;
    expect(v.safeParse(schemaOf(name), malformed).success, first).toBe(false);
  });

  it.each(names)("%s: a value of the wrong type is rejected", (name) => {
    expect(v.safeParse(schemaOf(name), "text").success).toBe(false);
    expect(v.safeParse(schemaOf(name), [answers[name]]).success).toBe(false);
  });

  it("an unknown inverter's empty answer parses, a half one does not", () => {
    expect(() => parseStrict(schemaOf("eventlog"), {})).not.toThrow();
    expect(v.safeParse(schemaOf("eventlog"), { count: 1 }).success).toBe(false);
  });

  it("later firmware's live summary (API.md §9.2) parses: its added keys are named as optional", () => {
    expect(() => parseStrict(schemaOf("liveStatus"), later.liveStatus)).not.toThrow();
    const { inverters: _none, ...noInverters } = later.liveStatus;
    expect(v.safeParse(schemaOf("liveStatus"), noInverters).success).toBe(false);
  });
});
