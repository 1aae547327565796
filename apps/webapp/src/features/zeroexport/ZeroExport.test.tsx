// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ZeroExportStatus } from "@dtu/api/zeroexport";
import { setLocale } from "../../lib/i18n";
import { StatusFeed, type FeedTimers } from "./feed";
import { CONFIG, NAMES, NOW, ROOF, SHED, STATES, status, why } from "./fixtures";
import { ZeroExport } from "./ZeroExport";
import { chartCalls } from "../../components/chart/chartStub";

// The canvas chart is the History's (tested there); here only that it is given the samples.
vi.mock("../../components/chart/Chart", () => import("../../components/chart/chartStub"));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLocale("en");
  chartCalls.length = 0;
});

/** A feed that answers `s` and never polls again by itself (the test asks with refresh). */
function feedOf(s: ZeroExportStatus | (() => ZeroExportStatus)): StatusFeed {
  const timers: FeedTimers = { now: () => NOW, setTimeout: () => 0, clearTimeout: () => undefined };
  return new StatusFeed(() => Promise.resolve(typeof s === "function" ? s() : s), timers);
}

interface Answer {
  status?: number;
  body: object;
}
/** Answers each POST by its path; records the POSTs' `data`. */
function stubFetch(answers: Record<string, Answer>) {
  const posted: { path: string; data: unknown }[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, "http://x/").pathname;
    const data = init?.body instanceof FormData ? init.body.get("data") : null;
    if (init?.method === "POST") posted.push({ path, data: data ? JSON.parse(String(data)) : null });
    const a = answers[path] ?? { body: {} };
    return Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status ?? 200 }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return posted;
}

const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;

describe("the Zero export screen", () => {
  it.each(STATES)("state %s, reason %s: the state and the reason in words", async (state, reason, text) => {
    render(<ZeroExport config={CONFIG} names={NAMES} feed={feedOf(status(state, reason))} />);
    const card = await screen.findByTestId("zx-state");
    expect(card.getAttribute("data-state")).toBe(state);
    expect(within(card).getByRole("status").textContent).toMatch(text);
    // Only a paused controller offers the resume.
    expect(within(card).queryByRole("button", { name: "Resume" }) !== null).toBe(state === "paused");
  });

  it("shows the figures, each inverter, the why log and the chart's samples", async () => {
    render(<ZeroExport config={CONFIG} names={NAMES} feed={feedOf(status("active", why("in_band")))} />);
    const table = await screen.findByTestId("zx-inverters");
    const rows = within(table).getAllByRole("row");
    expect(rows[1]?.textContent).toBe("House roof420 W415 Wnone4.8 s");
    expect(rows[2]?.textContent).toBe("Shed580 W490 Won its waynot measured yet");
    expect(
      within(screen.getByTestId("zx-log")).getByText("House roof 600 → 420 W: export 170 W"),
    ).toBeTruthy();
    expect(screen.getByText("20 W ± 15 W")).toBeTruthy();
    await waitFor(() => expect(chartCalls.at(-1)?.ys.map((y) => y[0])).toEqual([35, 5, 35, 905, 1000]));
  });

  it("renders device data as text, never as markup", async () => {
    const names = new Map([[ROOF, "<img src=x onerror=alert(1)>"]]);
    const s = status("paused", why("paused_foreign_limit", { serial: ROOF, limit_w: 800, sent_w: 420 }));
    render(<ZeroExport config={CONFIG} names={names} feed={feedOf(s)} />);
    await screen.findByTestId("zx-state");
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getAllByText(/<img src=x onerror=alert\(1\)>/).length).toBeGreaterThan(0);
  });

  it("resumes a paused controller and asks the status again", async () => {
    const posted = stubFetch({
      "/api/zeroexport/resume": {
        body: { type: "success", code: "resumed", message: "zero export resumed" },
      },
    });
    let paused = true;
    const feed = feedOf(() =>
      paused
        ? status("paused", why("paused_foreign_limit", { serial: SHED, limit_w: 300, sent_w: 580 }))
        : status("active", why("in_band", { grid_w: 20, target_w: 20, deadband_w: 15 })),
    );
    render(<ZeroExport config={CONFIG} names={NAMES} feed={feed} />);
    const resume = await screen.findByRole("button", { name: "Resume" });
    paused = false;
    fireEvent.click(resume);
    await screen.findByText("Zero export resumed.");
    expect(posted.map((p) => p.path)).toEqual(["/api/zeroexport/resume"]);
    await waitFor(() => expect(screen.getByTestId("zx-state").getAttribute("data-state")).toBe("active"));
  });

  it("asks before turning the controller on, and sends nothing when the owner cancels", async () => {
    const posted = stubFetch({
      "/api/zeroexport/config": { body: { type: "success", code: "saved", message: "Settings saved" } },
    });
    render(<ZeroExport config={CONFIG} names={NAMES} feed={feedOf(status("off", why("off")))} />);
    fireEvent.click(field("enabled"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Turn zero export on?");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    fireEvent.click(await screen.findByRole("button", { name: "Turn on" }));
    await screen.findByText("Settings saved.");
    expect(posted).toHaveLength(1);
    expect(posted[0]?.data).toMatchObject({
      enabled: true,
      target_w: 20,
      inverters: [{ serial: ROOF }, { serial: SHED }],
    });
    // On now: a later save asks nothing.
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(screen.queryByText("Turn zero export on?")).toBeNull();
  });

  it("shows the gateway's refusal (HTTP 400 naming the field) at that field", async () => {
    stubFetch({
      "/api/zeroexport/config": {
        status: 400,
        body: {
          type: "danger",
          code: "invalid",
          field: "inverters.1.max_w",
          message: "inverters.1.max_w: Invalid value",
        },
      },
    });
    setLocale("de");
    render(<ZeroExport config={CONFIG} names={NAMES} feed={feedOf(status("off", why("off")))} />);
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await screen.findByText("Das Gateway hat diesen Wert abgelehnt: inverters.1.max_w: Invalid value");
    expect(field("inverters.1.max_w").getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector("form .alert-danger")).toBeNull();
  });

  it("shows a refusal of the body as a whole under the form", async () => {
    stubFetch({
      "/api/zeroexport/config": {
        status: 400,
        body: {
          type: "danger",
          code: "data_json",
          field: "data",
          message: "data must be the config as JSON",
        },
      },
    });
    render(<ZeroExport config={CONFIG} names={NAMES} feed={feedOf(status("off", why("off")))} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("data must be the config as JSON");
  });

  it("runs the commissioning check and words its result and warnings", async () => {
    stubFetch({
      "/api/zeroexport/check": {
        body: {
          ok: true,
          serial: ROOF,
          cut_w: 100,
          rise_w: 96,
          response_ms: 5200,
          message: "ok",
          warnings: [{ serial: SHED, firmware: "2.0.4", message: "drops" }],
        },
      },
    });
    render(<ZeroExport config={CONFIG} names={NAMES} feed={feedOf(status("active", why("in_band")))} />);
    fireEvent.click(screen.getByRole("button", { name: "Run the check" }));
    const result = await screen.findByTestId("zx-check");
    await waitFor(() =>
      expect(result.textContent).toContain(
        "Passed: House roof lowered by 100 W, the meter rose by 96 W after 5.2 s.",
      ),
    );
    expect(result.textContent).toContain("Shed: firmware 2.0.4 is known to drop limits");
  });

  it("says when the check did not pass, in the gateway's words", async () => {
    stubFetch({
      "/api/zeroexport/check": {
        body: {
          ok: false,
          serial: null,
          cut_w: 0,
          rise_w: null,
          response_ms: null,
          message: "the meter has no reading",
          warnings: [],
        },
      },
    });
    render(
      <ZeroExport config={CONFIG} names={NAMES} feed={feedOf(status("waiting", why("waiting_meter")))} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Run the check" }));
    await screen.findByText("Not passed: the meter has no reading");
  });
});
