import { describe, expect, it } from "vitest";
import type { HistoryLast } from "@dtu/api/history";
import { dayWord, lastOf, lastTotals, readingChannel } from "./lastKnown";

const reading = { t: 1_795_705_800, power_w: 11.6, voltage_v: 229.2, current_a: 0.05, yield_day_wh: 1929 };
const last: HistoryLast = {
  inverters: [
    {
      serial: "114182123456",
      name: "Garage",
      ...reading,
      yield_total_wh: 912_446,
      temperature_c: 21.5,
      limit_pct: 100,
      strings: [{ channel: 0, ...reading, yield_total_wh: null }],
    },
    {
      serial: "116482345678",
      name: "House",
      ...reading,
      t: reading.t - 600,
      yield_total_wh: 1_000,
      temperature_c: null,
      limit_pct: null,
      strings: [],
    },
    {
      serial: "11648234567a",
      name: "Shed",
      ...reading,
      yield_total_wh: null,
      temperature_c: null,
      limit_pct: null,
      strings: [],
    },
  ],
};

describe("last known values from the history (issue 25 item 4)", () => {
  it("turns a reading into a live channel with the device's units and decimals, leaving out what is null", () => {
    const inv = last.inverters[0]!;
    expect(readingChannel(inv, inv.temperature_c)).toEqual({
      Power: { v: 11.6, u: "W", d: 1 },
      Voltage: { v: 229.2, u: "V", d: 1 },
      Current: { v: 0.05, u: "A", d: 2 },
      YieldDay: { v: 1929, u: "Wh", d: 0 },
      YieldTotal: { v: 912.446, u: "kWh", d: 3 },
      Temperature: { v: 21.5, u: "°C", d: 1 },
    });
    expect(Object.keys(readingChannel(inv.strings[0]!))).toEqual(["Power", "Voltage", "Current", "YieldDay"]);
  });

  it("finds an inverter by its live key, a second slot of the same serial too", () => {
    expect(lastOf(last, "114182123456")?.name).toBe("Garage");
    expect(lastOf(last, "114182123456~1")?.name).toBe("Garage");
    expect(lastOf(last, "11648234567A")?.name).toBe("Shed");
    expect(lastOf(last, "999999999999")).toBeUndefined();
    expect(lastOf(null, "114182123456")).toBeUndefined();
  });

  it("names the day of a reading: today, yesterday or earlier (local days)", () => {
    const now = new Date(2026, 10, 27, 1, 30).getTime();
    expect(dayWord(new Date(2026, 10, 27, 0, 5).getTime(), now)).toBe("today");
    expect(dayWord(new Date(2026, 10, 26, 16, 45).getTime(), now)).toBe("yesterday");
    expect(dayWord(new Date(2026, 10, 26, 0, 0).getTime(), now)).toBe("yesterday");
    expect(dayWord(new Date(2026, 10, 25, 23, 59).getTime(), now)).toBe("earlier");
  });

  it("sums the last lifetime yields of the inverters not read since the start, saying how many it covers", () => {
    expect(lastTotals(last, ["114182123456", "116482345678", "11648234567a"])).toEqual({
      yieldTotal: { v: 913.446, u: "kWh", d: 3 },
      covered: 2,
      at: reading.t * 1000,
    });
    expect(lastTotals(last, ["11648234567a"])).toBeUndefined();
    expect(lastTotals(null, ["114182123456"])).toBeUndefined();
  });
});
