// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NtpForm } from "./NtpForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const zones = { "Europe/Vienna": "CET-1CEST,M3.5.0,M10.5.0/3", "Asia/Tokyo": "JST-9" };
const saved = '{"type":"success","message":"Settings saved!","code":1001}';

function stubFetch() {
  const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(url.includes("zones") ? JSON.stringify(zones) : saved)),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function posted(fetchMock: ReturnType<typeof stubFetch>): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
  const body = call?.[1]?.body as FormData;
  return JSON.parse(String(body.get("data"))) as Record<string, unknown>;
}

describe("NtpForm and the zone list (API.md §9.15)", () => {
  it("v23 config (with ntp_timezone): list from /zones.json, posts name and rule", async () => {
    const fetchMock = stubFetch();
    const initial = {
      ntp_server: "pool.ntp.org",
      ntp_timezone: "CET-1CEST,M3.5.0,M10.5.0/3",
      ntp_timezone_descr: "Europe/Vienna",
      latitude: 48,
      longitude: 16,
      sunsettype: 1,
    };
    render(<NtpForm initial={initial} />);
    await screen.findByRole("option", { name: "Asia/Tokyo" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/zones.json");
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Asia/Tokyo---JST-9" } });
    expect(screen.getByLabelText<HTMLInputElement>("Resulting time zone rule").value).toBe("JST-9");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("status");
    expect(posted(fetchMock)).toEqual({
      ...initial,
      ntp_timezone_descr: "Asia/Tokyo",
      ntp_timezone: "JST-9",
    });
  });

  it("later config without ntp_timezone: list from /api/ntp/zones, rule shown, only the name posted", async () => {
    const fetchMock = stubFetch();
    const initial = {
      ntp_server: "time.example.org",
      ntp_timezone_descr: "Europe/Vienna",
      latitude: 48.21,
      longitude: 16.37,
      sunsettype: 2,
    };
    render(<NtpForm initial={initial} />);
    await screen.findByRole("option", { name: "Asia/Tokyo" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/ntp/zones");
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>("Resulting time zone rule").value).toBe(
        "CET-1CEST,M3.5.0,M10.5.0/3",
      ),
    );
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Asia/Tokyo---JST-9" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("status");
    expect(posted(fetchMock)).toEqual({ ...initial, ntp_timezone_descr: "Asia/Tokyo" });
  });
});
