// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FakeSocket, FakeTimers } from "./fakes";
import { LiveFeed } from "./liveStore";
import type * as Hooks from "./hooks";
import { doc, inverter } from "./testData";

// Render counter: every render of a panel or tab title reads its entry through useInverter, once per render.
const renders = new Map<string, number>();
vi.mock("./hooks", async (importOriginal) => {
  const real = await importOriginal<typeof Hooks>();
  return {
    ...real,
    useInverter: (serial: string, feed?: LiveFeed) => {
      renders.set(serial, (renders.get(serial) ?? 0) + 1);
      return real.useInverter(serial, feed);
    },
  };
});

// The unit files share their worker's module cache (vitest.config.ts `isolate: false`): a file that ran before may
// have imported InverterPanel with the real hooks. Drop the cache so the panels below import the counting mock.
vi.resetModules();
const { InverterPanel } = await import("./InverterPanel");
const { LiveView } = await import("./LiveView");
const { useLive } = await import("./hooks");

afterEach(() => {
  cleanup();
  renders.clear();
});

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

function makeFeed(first: ReturnType<typeof doc>) {
  const timers = new FakeTimers();
  const sockets: FakeSocket[] = [];
  const feed = new LiveFeed({
    fetchJson: <T,>() => Promise.resolve(structuredClone(first) as T),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    now: () => timers.now,
    url: "ws://dtu/livedata",
  });
  return { feed, sockets, timers };
}

/** A parent that re-renders on every store change and renders every panel: memo must keep the others still. */
function AllPanels({ feed }: { feed: LiveFeed }) {
  const order = useLive((s) => s, feed).order;
  return (
    <>
      {order.map((s) => (
        <InverterPanel key={s} id={s} feed={feed} />
      ))}
    </>
  );
}

describe("live view rendering", () => {
  it("renders a dialog only while it is open: no request before its button is pressed, gone after Escape", async () => {
    const fetchMock = vi.fn((_path: string) => Promise.resolve(new Response("{}", { status: 200 })));
    vi.stubGlobal("fetch", fetchMock);
    const { feed } = makeFeed(doc([inverter("A")]));
    const release = feed.acquire();
    await flush();
    render(<InverterPanel id="A" feed={feed} />);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Info" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      expect.stringContaining("/api/devinfo/status"),
    ]);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    release();
    vi.unstubAllGlobals();
  });

  it("re-renders only the panel whose inverter changed", async () => {
    const first = doc([
      inverter("A", { order: 0 }),
      inverter("B", { order: 1 }),
      inverter("C", { order: 2 }),
    ]);
    const { feed, sockets } = makeFeed(first);
    const release = feed.acquire();
    await flush();
    render(<AllPanels feed={feed} />);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Inverter A",
      "Inverter B",
      "Inverter C",
    ]);
    renders.clear();
    act(() => sockets[0]!.open()); // the (re)connect GET answers the same document: nothing re-renders
    await flush();
    expect(renders.size).toBe(0);
    const next = structuredClone(first);
    next.inverters[1] = inverter("B", { order: 1, AC: { "0": { Power: { v: 99, u: "W", d: 1 } } } });
    act(() => sockets[0]!.message(JSON.stringify(next)));
    await flush();
    expect(renders.get("B")).toBe(1);
    expect(renders.get("A") ?? 0).toBe(0);
    expect(renders.get("C") ?? 0).toBe(0);
    expect(screen.getByText("99.0")).toBeTruthy();
    release();
  });

  it("shows a vertical tab list with the first tab active, hidden for a single inverter", async () => {
    const many = makeFeed(doc([inverter("B", { order: 1 }), inverter("A", { order: 0 })]));
    const r1 = many.feed.acquire();
    await flush();
    render(<LiveView feed={many.feed} />);
    const tabs = screen.getAllByRole("tab");
    // Name, state in words, then power and today's yield (AC/0 here; INV/0 first on later firmware).
    expect(tabs.map((t) => t.textContent)).toEqual([
      "Inverter AProducing412.3 W · 1,874 Wh",
      "Inverter BProducing412.3 W · 1,874 Wh",
    ]);
    expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tablist").getAttribute("aria-orientation")).toBe("vertical");
    r1();
    cleanup();

    const one = makeFeed(doc([inverter("A")]));
    const r2 = one.feed.acquire();
    await flush();
    render(<LiveView feed={one.feed} />);
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(screen.getByRole("heading", { name: "Inverter A" })).toBeTruthy();
    r2();
  });

  it("takes today's yield from INV/0 first (later firmware moved it, API.md §9.2)", async () => {
    const moved = inverter("A", {
      AC: { "0": { Power: { v: 10, u: "W", d: 1 } } },
      INV: { "0": { YieldDay: { v: 42, u: "Wh", d: 0 }, Temperature: { v: 30, u: "°C", d: 1 } } },
    });
    const { feed } = makeFeed(doc([moved, inverter("B")]));
    const release = feed.acquire();
    await flush();
    render(<LiveView feed={feed} />);
    expect(screen.getAllByRole("tab")[0]?.textContent).toBe("Inverter AProducing10.0 W · 42 Wh");
    release();
  });

  it("shows values sent without their decimals (2022 firmware) with the unit's usual ones, never blank", async () => {
    const noD = inverter("A", {
      AC: {
        "0": {
          Power: { v: 140, u: "W" },
          PowerFactor: { v: 0.999, u: "" },
          Efficiency: { v: 95.462, u: "%" },
        },
      },
      DC: { "0": { Irradiation: { v: 55.1, u: "%", max: 400 } } },
      INV: { "0": { YieldDay: { v: 42, u: "Wh" } } },
    } as unknown as Parameters<typeof inverter>[1]);
    const d = doc([noD, inverter("B")]);
    d.total = {
      Power: { v: 140, u: "W" },
      YieldDay: { v: 42, u: "Wh" },
      YieldTotal: { v: 1.5, u: "kWh" },
    } as never;
    const { feed } = makeFeed(d);
    const release = feed.acquire();
    await flush();
    render(<LiveView feed={feed} />);
    expect(screen.getAllByRole("tab")[0]?.textContent).toBe("Inverter AProducing140.0 W · 42 Wh");
    for (const text of ["0.999", "95.5", "55.1", "1.500"]) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText("NaN")).toBeNull();
    release();
  });

  it("renders names and string names as text, never as markup", async () => {
    const evil = "<img src=x onerror=alert(1)>";
    const { feed } = makeFeed(
      doc([
        inverter("A", {
          name: evil,
          DC: { "0": { name: { u: "<b>bold</b>" }, Power: { v: 1, u: "W", d: 1 } } },
        }),
      ]),
    );
    const release = feed.acquire();
    await flush();
    const { container } = render(<LiveView feed={feed} />);
    expect(screen.getByRole("heading", { name: evil })).toBeTruthy();
    expect(screen.getByText("<b>bold</b>")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    release();
  });

  it("shows hints, totals with their decimals and the connection-lost banner", async () => {
    const d = doc([inverter("A")]);
    d.hints = { time_sync: true, radio_problem: true, default_password: true };
    const { feed, sockets } = makeFeed(d);
    const release = feed.acquire();
    await flush();
    render(<LiveView feed={feed} />);
    expect(screen.getByText("912.446")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check the time settings" }).getAttribute("href")).toBe(
      "/settings/ntp",
    );
    expect(screen.getByRole("link", { name: "Change the password" }).getAttribute("href")).toBe(
      "/settings/security",
    );
    expect(screen.queryByText(/Connection to the device lost/)).toBeNull();
    act(() => {
      sockets[0]!.open();
      sockets[0]!.drop();
    });
    expect(screen.getByText(/Connection to the device lost/)).toBeTruthy();
    release();
  });

  it("fills the gateway build's slots: a part under the totals and one under each inverter's panel", async () => {
    const { feed } = makeFeed(doc([inverter("B", { order: 1 }), inverter("A", { order: 0 })]));
    const release = feed.acquire();
    await flush();
    render(
      <LiveView
        feed={feed}
        slots={{
          afterTotals: <p data-testid="after-totals">peak</p>,
          inverter: ({ id }) => <p data-testid="inverter-part">{`part of ${id}`}</p>,
        }}
      />,
    );
    const after = screen.getByTestId("after-totals");
    // Right after the row of total cards.
    expect(after.previousElementSibling?.querySelectorAll(".card").length).toBe(3);
    // In the shown panel (the first tab), after the panel itself.
    const parts = screen.getAllByTestId("inverter-part").map((p) => p.textContent);
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((p) => /^part of \w+/.test(p ?? ""))).toBe(true);
    release();
  });
});
