// @vitest-environment happy-dom
/**
 * Nights and restarts (issue 25) rendered: values never read since the DTU started are dashes, "last seen" only
 * for an inverter that was seen, asleep (grey) at night and "not answering" (red) by day, the same words in the tab
 * list, the panel header and the totals. The device's answers come from a path-keyed fake; the clock is faked.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { LiveInverter } from "@dtu/api/live";
import { FakeSocket, FakeTimers } from "./fakes";
import { LiveFeed } from "./liveStore";
import { LiveView } from "./LiveView";
import { doc, inverter } from "./testData";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const two = (n: number) => String(n).padStart(2, "0");
/** An /api/ntp/status time of the device ("Friday, November 27 2026 07:45:00"); the device's zone is the browser's. */
const ntpTime = (d: Date) =>
  `Friday, November 27 2026 ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;

/** The live view at local `hour` of Nov 27 2026; the DTU up for `uptime` s; sunrise 07:45, sunset 16:20. */
async function view(hour: number, uptime: number, inverters: LiveInverter[]) {
  vi.useFakeTimers({ toFake: ["Date"] });
  const now = new Date(2026, 10, 27, hour, 0, 0);
  vi.setSystemTime(now);
  const answers: Record<string, unknown> = {
    "/api/livedata/status": doc(inverters, 0),
    "/api/system/status": { uptime },
    "/api/ntp/status": {
      ntp_status: true,
      ntp_localtime: ntpTime(now),
      sun_risetime: ntpTime(new Date(2026, 10, 27, 7, 45)),
      sun_settime: ntpTime(new Date(2026, 10, 27, 16, 20)),
      sun_isSunsetAvailable: true,
      sun_isDayPeriod: hour >= 8 && hour < 16,
    },
  };
  const feed = new LiveFeed({
    fetchJson: <T,>(path: string) => Promise.resolve(structuredClone(answers[path]) as T),
    createSocket: (url) => new FakeSocket(url),
    timers: new FakeTimers(),
    url: "ws://dtu/livedata",
  });
  const release = feed.acquire();
  await flush();
  await flush();
  render(<LiveView feed={feed} />);
  return release;
}

const silent = (serial: string, dataAge: number, over: Partial<LiveInverter> = {}) =>
  inverter(serial, { name: serial, reachable: false, producing: false, data_age: dataAge, ...over });
const header = (name: string) => screen.getByRole("region", { name }).querySelector(".card-header")!;

describe("nights and restarts (issue 25)", () => {
  it("a start at night: no value as a measured zero, no red; asleep with the time it is expected back", async () => {
    // Restarted at 00:59; Roof was never heard since, Barn not either (limit and values the device's zeros).
    const release = await view(1, 60, [silent("Roof", 60, { limit_relative: 0 }), silent("Barn", 60)]);
    const tab = screen.getByRole("tab", { name: /^Roof/ });
    expect(tab.textContent).toContain("Asleep (sun down)");
    expect(tab.textContent).toContain("— W · — Wh");
    expect(tab.querySelector(".text-bg-secondary")).not.toBeNull();
    const head = header("Roof");
    expect(head.className).toContain("text-bg-secondary");
    expect(head.textContent).toMatch(/Asleep \(sun down\) — expected back around 7:45\sAM/);
    expect(head.textContent).toMatch(/Not heard from since the DTU started at 12:59\sAM/);
    expect(head.textContent).not.toContain("Last seen");
    expect(head.textContent).toContain("Limit — W (— %)");
    const panel = within(screen.getByRole("region", { name: "Roof" }));
    expect(panel.getByText(/^Not read since the DTU started at 12:59\sAM\.$/)).toBeTruthy();
    const values = panel.getAllByRole("cell").filter((c) => c.className.includes("text-end"));
    expect(values.length).toBeGreaterThan(3);
    expect(values.every((c) => c.textContent === "—")).toBe(true);
    // Nothing read at all: the totals are dashes and say so.
    const totals = document.querySelectorAll(".row-cols-3 .card-body");
    expect([...totals].map((c) => c.textContent)).toEqual(["— kWh", "— Wh", "— W"]);
    expect(screen.getByText("Incomplete: 0 of 2 inverters read since the start")).toBeTruthy();
    // No red anywhere but in the colour legend, which lists every state.
    expect(document.querySelectorAll(".text-bg-danger")).toHaveLength(1);
    expect(document.querySelector("details .text-bg-danger")).not.toBeNull();
    release();
  });

  it("a restart at night with one inverter read yesterday: its last values, last seen, asleep", async () => {
    // Barn answered until 16:10 yesterday (8 h 50 min ago) and the DTU runs since; Roof restarted nothing new.
    const release = await view(1, 40_000, [
      silent("Roof", 40_000),
      silent("Barn", 31_800, { AC: undefined }),
    ]);
    fireEvent.click(screen.getByRole("tab", { name: /^Barn/ }));
    const head = header("Barn");
    expect(head.className).toContain("text-bg-secondary");
    expect(head.textContent).toMatch(/Last seen 4:10:00\sPM \(8 hr ago\)/);
    expect(screen.getByRole("tab", { name: /^Barn/ }).textContent).toContain("Asleep (sun down)");
    expect(screen.getByText("Incomplete: 1 of 2 inverters read since the start")).toBeTruthy();
    fireEvent.click(screen.getByText("Incomplete: 1 of 2 inverters read since the start"));
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toHaveLength(2);
    for (const [i, name] of ["Roof", "Barn"].entries())
      expect(items[i]).toMatch(
        new RegExp(`^${name}: Asleep \\(sun down\\) — expected back around 7:45\\sAM$`),
      );
    release();
  });

  it("by day the same silence is red 'Not answering', with the last contact when there was one", async () => {
    const release = await view(12, 3600, [silent("Roof", 3600), silent("Barn", 600, { producing: true })]);
    const tab = screen.getByRole("tab", { name: /^Roof/ });
    expect(tab.textContent).toContain("Not answering");
    expect(header("Roof").className).toContain("text-bg-danger");
    expect(header("Roof").textContent).toMatch(/^Roof\s*Not answering\s*Serial/);
    fireEvent.click(screen.getByRole("tab", { name: /^Barn/ }));
    expect(header("Barn").textContent).toMatch(/Not answering since 11:50:00\sAM/);
    expect(header("Barn").textContent).toMatch(/Last seen 11:50:00\sAM/);
    release();
  });
});
