// @vitest-environment happy-dom
/**
 * The table view (issue 24 §1): every inverter and string in one table, the panels' state words and colours,
 * never-read values as dashes (issue 25), sorting by a column header, and the tabs/table switch remembered.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { LiveInverter } from "@dtu/api/live";
import { setLayout } from "./layout";
import { renderLiveView } from "./renderFeed";
import { doc, inverter } from "./testData";

afterEach(async () => {
  cleanup();
  setLayout("tabs");
  // The test of the remembered switch re-imports layout.ts after vi.resetModules(): the worker's module cache (shared
  // by the unit files, vitest.config.ts `isolate: false`) then holds that second store, which the next file's live
  // view reads. Reset it too, or that file starts in the table (NightStates/LiveView failed 1 run in 3).
  (await import("./layout")).setLayout("tabs");
  localStorage.clear();
  vi.useRealTimers();
});

const f = (v: number, u: string, d: number) => ({ v, u, d });

/** The live view at noon, the DTU up for an hour: Roof and Barn read, Attic not read since the start. */
async function view() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 27, 12, 0, 0));
  const roof = inverter("R1", {
    name: "Roof",
    data_age: 2,
    AC: { "0": { Power: f(412.3, "W", 1), YieldDay: f(1874, "Wh", 0) } },
    INV: { "0": { YieldTotal: f(456.789, "kWh", 3) } },
    DC: {
      "0": { name: { u: "South" }, Power: f(220.4, "W", 1), Voltage: f(31.2, "V", 1) },
      "1": { name: { u: "" }, Power: f(211.5, "W", 1), Voltage: f(30.1, "V", 1) },
    },
  });
  const barn = inverter("B2", {
    name: "Barn",
    data_age: 3,
    limit_relative: 50.5,
    AC: { "0": { Power: f(95, "W", 1), YieldDay: f(300, "Wh", 0) } },
    DC: { "0": { name: { u: "West" }, Power: f(95, "W", 1), Voltage: f(28, "V", 1) } },
  });
  // Never read: its data age is the DTU's uptime (API.md §3.1), its values the device's zeros.
  const attic = inverter("A3", { name: "Attic", data_age: 3600, producing: false, limit_relative: 0 });
  const answers: Record<string, unknown> = {
    "/api/livedata/status": doc([roof, barn, attic] satisfies LiveInverter[]),
    "/api/system/status": { uptime: 3600 },
    // No sun (clock not set): silence would read "not answering", by day anyway (API.md §4.8).
    "/api/ntp/status": { ntp_status: false, ntp_localtime: "", sun_risetime: "--", sun_settime: "--" },
  };
  return renderLiveView(answers);
}

/** The body's rows as arrays of cell texts. */
const rows = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((r) => [...r.children].map((c) => c.textContent));
const names = () => rows().map((r) => r[0]);
const header = (name: string) => screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });

describe("table view (issue 24 §1)", () => {
  it("shows every inverter and string with the panels' state words and colours, never-read values as dashes", async () => {
    const release = await view();
    fireEvent.click(screen.getByRole("button", { name: "Table" }));
    expect(screen.queryByRole("tablist")).toBeNull();
    // On a phone (below Bootstrap's md) a line says the table scrolls sideways (issue 34 §13).
    expect(screen.getByText("Swipe sideways for more columns.").className).toContain("d-md-none");
    expect(names()).toEqual([
      "Roof",
      "↳ South",
      "↳ String 2",
      "Barn",
      "↳ West",
      "Attic",
      "↳ South",
      "↳ String 2",
    ]);
    const [roof, south, , barn, , attic, atticSouth] = rows();
    expect(roof).toEqual(["Roof", "Producing", "412.3 W", "1,874 Wh", "456.789 kWh", "", "100 %", "2 s"]);
    expect(south).toEqual(["↳ South", "", "220.4 W", "", "", "31.2 V", "", ""]);
    expect(barn?.[6]).toBe("50.5 %");
    // Not read since the start: dashes, not the device's zeros; the same state word as the panel.
    expect(attic).toEqual(["Attic", "Not read yet", "— W", "— Wh", "", "", "— %", "—"]);
    expect(atticSouth?.[2]).toBe("— W");
    const badges = within(screen.getByRole("table")).getAllByText(/^(Producing|Not read yet)$/);
    expect(badges.map((b) => b.className)).toEqual([
      expect.stringContaining("text-bg-primary"),
      expect.stringContaining("text-bg-primary"),
      expect.stringContaining("text-bg-info"),
    ]);
    release();
  });

  it("sorts by a column header, ascending then descending, strings under their inverter, unread last", async () => {
    const release = await view();
    fireEvent.click(screen.getByRole("button", { name: "Table" }));
    expect(header("Power").getAttribute("aria-sort")).toBeNull();
    fireEvent.click(within(header("Power")).getByRole("button"));
    expect(header("Power").getAttribute("aria-sort")).toBe("ascending");
    expect(names()).toEqual([
      "Barn",
      "↳ West",
      "Roof",
      "↳ String 2",
      "↳ South",
      "Attic",
      "↳ South",
      "↳ String 2",
    ]);
    fireEvent.click(within(header("Power")).getByRole("button"));
    expect(header("Power").getAttribute("aria-sort")).toBe("descending");
    expect(names().filter((n) => !n?.startsWith("↳"))).toEqual(["Roof", "Barn", "Attic"]);
    expect(names().slice(0, 3)).toEqual(["Roof", "↳ South", "↳ String 2"]);
    fireEvent.click(within(header("Name")).getByRole("button"));
    expect(header("Name").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Power").getAttribute("aria-sort")).toBeNull();
    expect(names().filter((n) => !n?.startsWith("↳"))).toEqual(["Attic", "Barn", "Roof"]);
    fireEvent.click(within(header("Status")).getByRole("button"));
    expect(names().filter((n) => !n?.startsWith("↳"))).toEqual(["Roof", "Barn", "Attic"]);
    release();
  });

  it("remembers the switch like the theme: stored, and read back by a fresh start", async () => {
    const release = await view();
    const tableButton = screen.getByRole("button", { name: "Table" });
    expect(tableButton.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("tablist")).toBeTruthy();
    fireEvent.click(tableButton);
    expect(tableButton.getAttribute("aria-pressed")).toBe("true");
    expect(localStorage.getItem("liveLayout")).toBe("table");
    vi.resetModules();
    const fresh = await import("./layout");
    expect(fresh.layoutStore.get()).toBe("table");
    fireEvent.click(screen.getByRole("button", { name: "Tabs" }));
    expect(screen.queryByRole("columnheader", { name: /^Data age/ })).toBeNull();
    expect(localStorage.getItem("liveLayout")).toBe("tabs");
    release();
  });
});
