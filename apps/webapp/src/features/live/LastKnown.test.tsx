// @vitest-environment happy-dom
/**
 * Last known values (issue 25 item 4) in the gateway build's live view slots: shown, labelled, only for an inverter
 * not read since the DTU started; the totals line sums their last lifetime yields. The history answer is a stubbed
 * fetch, the live state the page's feed with a document applied.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { HistoryLast } from "@dtu/api/history";
import { LastKnownPanel, LastKnownTotals, LastKnownYieldCard } from "./LastKnown";
import { liveFeed } from "./liveStore";
import { doc, inverter } from "./testData";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const now = new Date(2026, 10, 27, 1, 30).getTime();
const evening = new Date(2026, 10, 26, 16, 45).getTime() / 1000;
const reading = { t: evening, power_w: 3.1, voltage_v: 229.2, current_a: 0.05, yield_day_wh: 1874 };
const last: HistoryLast = {
  inverters: ["A", "B"].map((serial) => ({
    serial,
    name: serial,
    ...reading,
    yield_total_wh: 912_446,
    temperature_c: 12.5,
    limit_pct: 100,
    strings: [{ channel: 0, ...reading, yield_total_wh: 456_223 }],
  })),
};

describe("last known values from the history", () => {
  it("under a never-read inverter: its last reading, labelled; nothing under one that was read; totals summed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(last), { status: 200 }))),
    );
    // The DTU started 60 s ago: A was never read (data age = uptime), B 5 s ago.
    liveFeed.apply(doc([inverter("A", { data_age: 60 }), inverter("B", { data_age: 5 })]), true);
    liveFeed.store.set({ ...liveFeed.store.get(), facts: { bootAt: now - 60_000 } });
    render(
      <>
        <LastKnownTotals />
        <LastKnownPanel id="A" />
        <LastKnownPanel id="B" />
      </>,
    );
    await flush();
    const regions = screen.getAllByRole("region");
    expect(regions).toHaveLength(1);
    expect(regions[0]?.getAttribute("aria-label")).toMatch(
      /^Last read yesterday at 4:45\sPM \(from the gateway's history\)$/,
    );
    expect(screen.getByText("912.446")).toBeTruthy();
    expect(screen.getByText("456.223")).toBeTruthy();
    // The string by the name set in Settings > Inverters, as the live cards call it (issue 34 §2).
    expect(screen.getByText("South")).toBeTruthy();
    // Yesterday's reading: its day's yield says yesterday (issue 34 §9).
    expect(screen.getAllByText("Yield yesterday")).toHaveLength(2);
    expect(screen.queryByText("Yield today")).toBeNull();
    expect(
      screen.getByText(
        /^Not read since the start \(1\): total yield 912\.446 kWh, last read yesterday at 4:45\sPM \(from the gateway's history\)$/,
      ),
    ).toBeTruthy();
  });

  it("at night, with no inverter read since the start, the total yield card shows the last known total, marked", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(last), { status: 200 }))),
    );
    liveFeed.apply(doc([inverter("A", { data_age: 60 }), inverter("B", { data_age: 60 })]), true);
    liveFeed.store.set({ ...liveFeed.store.get(), facts: { bootAt: now - 60_000 } });
    const live = { v: 0, u: "kWh", d: 3 };
    render(<LastKnownYieldCard label="live.totalYield" field={live} read={false} />);
    await flush();
    expect(document.querySelector(".card-body")?.textContent).toMatch(
      /^1,824\.892 kWhlast known, yesterday at 4:45\sPM$/,
    );
    cleanup();
    // Read (by day): the live sum as always.
    render(<LastKnownYieldCard label="live.totalYield" field={{ ...live, v: 5 }} read />);
    expect(document.querySelector(".card-body")?.textContent).toBe("5.000 kWh");
  });
});
