// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Backup } from "./Backup";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const info = { today: "2026-11-27", first_day: "2026-10-28", inverters: [], today_peak_w: null };

describe("History backup button (issue 26 §2)", () => {
  it("saves the gateway's file as history-<device's date>.db", async () => {
    const fetchMock = vi.fn(async (path: string) =>
      path.startsWith("/api/history/info")
        ? new Response(JSON.stringify(info))
        : new Response("SQLite format 3\0", { headers: { "content-type": "application/vnd.sqlite3" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(<Backup />);
    fireEvent.click(screen.getByRole("button", { name: "Download history backup" }));
    await vi.waitFor(() => expect(saved).toEqual(["history-2026-11-27.db"]));
    expect(fetchMock.mock.calls.map(([p]) => p)).toEqual(["/api/history/info", "/api/history/backup"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says visibly why a backup failed, saves nothing, and can be tried again", async () => {
    const message = "History is not available: /data/history.db cannot be written";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) =>
        path.startsWith("/api/history/info")
          ? new Response(JSON.stringify(info))
          : new Response(JSON.stringify({ message }), { status: 503 }),
      ),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    render(<Backup />);
    const button = screen.getByRole("button", { name: "Download history backup" });
    fireEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`The history backup failed: ${message}`);
    expect(click).not.toHaveBeenCalled();
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });
});
