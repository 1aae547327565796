import { describe, expect, it } from "vitest";
import { guessTarget, isJsonName, restoreOutcome } from "./api";

describe("config restore helpers", () => {
  it("accepts only .json files", () => {
    expect(isJsonName("config.json")).toBe(true);
    expect(isJsonName("Backup.JSON")).toBe(true);
    expect(isJsonName("config.json.bak")).toBe(false);
    expect(isJsonName("firmware.bin")).toBe(false);
  });
  it("guesses the target from the file name", () => {
    expect(guessTarget("pin_mapping.json")).toBe("pin_mapping.json");
    expect(guessTarget("my-pin_mapping (1).json")).toBe("pin_mapping.json");
    expect(guessTarget("config (3).json")).toBe("config.json");
  });
  it("maps upload answers per SEED §8", () => {
    expect(restoreOutcome({ status: 200, statusText: "OK", body: "OK" })).toEqual({ ok: true });
    expect(restoreOutcome({ status: 500, statusText: "Internal Server Error", body: "disk full" })).toEqual({
      ok: false,
      body: "disk full",
    });
    expect(restoreOutcome({ status: 500, statusText: "Internal Server Error", body: "" })).toEqual({
      ok: false,
      statusText: "Internal Server Error",
    });
    expect(restoreOutcome({ status: 413, statusText: "Payload Too Large", body: "x" })).toEqual({
      ok: false,
      statusText: "Payload Too Large",
    });
  });
});
