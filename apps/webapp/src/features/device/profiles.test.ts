import { describe, expect, it } from "vitest";
import { compareRows, isUnset, profileNames, selectedName } from "./profiles";

describe("pin profiles", () => {
  it("treats -1, 255, null and missing as unset, 0 and other pins as set", () => {
    for (const v of [-1, 255, null, undefined]) expect(isUnset(v)).toBe(true);
    for (const v of [0, 5, 254, false, true]) expect(isUnset(v)).toBe(false);
  });

  it("lists Default first, then the saved names sorted, without duplicates", () => {
    const names = profileNames([
      { name: "zeta" },
      { name: "Alpha" },
      { name: "beta" },
      { name: "Default" },
      { name: "beta" },
    ]);
    expect(names).toEqual(["Default", "Alpha", "beta", "zeta"]);
    expect(profileNames([])).toEqual(["Default"]);
    expect(profileNames([{ name: "b" }], "gone")).toEqual(["Default", "b", "gone"]);
    expect(selectedName("")).toBe("Default");
    expect(selectedName("b")).toBe("b");
  });

  it("compares per pin; both sides unset in different spellings count as equal", () => {
    const active = {
      name: "x",
      nrf24: { clk: 18, cs: 5 },
      display: { type: 0, cs: 255 },
      led: { led0: -1 },
      cmt: { clk: 14 },
    };
    const selected = {
      name: "y",
      nrf24: { clk: 18, cs: 4 },
      display: { type: 2, cs: null },
      led: { led0: 17 },
      w5500: { cs: 42 },
      links: [{ name: "a", url: "b" }],
    };
    const rows = compareRows(selected, active);
    const byKey = Object.fromEntries(rows.map((r) => [`${r.category}.${r.name}`, r.differs]));
    expect(byKey).toEqual({
      "nrf24.clk": false,
      "nrf24.cs": true,
      "display.type": true,
      "display.cs": false,
      "led.led0": true,
      // Missing in the profile: the compiled default applies, unknown here, so not a difference.
      "cmt.clk": false,
      // Not reported by the running firmware: nothing to compare with.
      "w5500.cs": false,
    });
    expect(rows.map((r) => r.category)).toEqual([
      "nrf24",
      "nrf24",
      "display",
      "display",
      "led",
      "cmt",
      "w5500",
    ]);
    expect(rows.find((r) => r.category === "cmt")?.selected).toBeUndefined();
  });

  it("without a selected profile (Default) nothing is flagged", () => {
    const rows = compareRows(undefined, { name: "", nrf24: { clk: 18, cs: -1 } });
    expect(rows.map((r) => r.differs)).toEqual([false, false]);
  });
});
