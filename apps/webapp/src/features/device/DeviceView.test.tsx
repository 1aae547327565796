// @vitest-environment happy-dom
import { parseStrict } from "@dtu/api/strict";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { DeviceConfig } from "@dtu/api/settings";
import { DeviceView } from "./DeviceView";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A later firmware's answer (API.md §9.11): `display.locale` instead of `language`, a top-level `led` array. */
const later = {
  curPin: { name: "Board A", nrf24: { clk: 12, cs: 10 }, display: { type: 4, cs: 255 } },
  display: {
    rotation: 0,
    power_safe: false,
    screensaver: true,
    contrast: 75,
    locale: "de",
    diagramduration: 21600,
    diagrammode: 2,
  },
  led: [{ brightness: 40 }, { brightness: 100 }],
} as unknown as DeviceConfig;

describe("device manager save", () => {
  it("posts the GET object back: led array and diagram keys kept, locale as a code", async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.includes("pin_mapping")
          ? new Response("", { status: 404 })
          : new Response('{"type":"success","code":1001,"message":"Settings saved!"}'),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(<DeviceView config={later} onReload={() => undefined} />);
    fireEvent.click(screen.getByRole("tab", { name: "Display" }));
    fireEvent.change(screen.getByLabelText("Display language"), { target: { value: "fr" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Settings saved.");
    const post = fetchMock.mock.calls.find(
      (c) => (c as unknown as [string, RequestInit])[1]?.method === "POST",
    ) as unknown as [string, RequestInit];
    const body = JSON.parse(String((post[1].body as FormData).get("data"))) as Record<string, unknown>;
    expect(body).toEqual({ ...later, display: { ...later.display, locale: "fr" } });
    expect(body.display).not.toHaveProperty("language");
  });

  it("shows the profile dropdown with Default first and -1/255/null as unset", async () => {
    const profiles = [
      { name: "zulu", nrf24: { clk: 12, cs: 10 } },
      { name: "Board A", nrf24: { clk: 12, cs: null }, display: { type: 4, cs: 255 } },
    ];
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify(profiles))));
    render(<DeviceView config={later} onReload={() => undefined} />);
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Default", "Board A", "zulu"]),
    );
    // Board A (configured): nrf24.cs null vs active 10 differs; display.cs 255 vs 255 equal and "not set".
    const rows = screen.getAllByRole("row").slice(1);
    const cs = rows.find((r) => r.textContent?.startsWith("nrf24cs"));
    expect(cs?.className).toContain("table-warning");
    const dcs = rows.find((r) => r.textContent?.startsWith("displaycs"));
    expect(dcs?.textContent).toBe("displaycsnot setnot set");
    expect(dcs?.className ?? "").not.toContain("table-warning");
  });
});

it("the fixture is an answer the contract accepts (strict DeviceConfig schema)", () => {
  expect(() => parseStrict(DeviceConfig, later)).not.toThrow();
});
