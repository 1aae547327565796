import { afterEach, describe, expect, it, vi } from "vitest";
import { guessTarget, isJsonName, loadFiles, restoreOutcome } from "./api";

describe("config restore helpers", () => {
  it("accepts only .json files", () => {
    expect(isJsonName("config.json")).toBe(true);
    expect(isJsonName("Backup.JSON")).toBe(true);
    expect(isJsonName("config.json.bak")).toBe(false);
    expect(isJsonName("firmware.bin")).toBe(false);
  });
  it("guesses the target from the file name", () => {
    expect(guessTarget("pin_mapping.json")).toBe("pin_mapping.json");
    expect(guessTarget("my-pin_mapping (1).json")).toBe("pin_mapping.json");
    expect(guessTarget("config (3).json")).toBe("config.json");
  });
  it("maps upload answers per SEED §8", () => {
    expect(restoreOutcome({ status: 200, statusText: "OK", body: "OK" })).toEqual({ ok: true });
    expect(restoreOutcome({ status: 500, statusText: "Internal Server Error", body: "disk full" })).toEqual({
      ok: false,
      body: "disk full",
    });
    expect(restoreOutcome({ status: 500, statusText: "Internal Server Error", body: "" })).toEqual({
      ok: false,
      statusText: "Internal Server Error",
    });
    expect(restoreOutcome({ status: 413, statusText: "Payload Too Large", body: "x" })).toEqual({
      ok: false,
      statusText: "Payload Too Large",
    });
  });
});

describe("file API probe (API.md §9.12)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses /api/file/* when /api/file/list answers a JSON array", async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url === "/api/file/list"
          ? new Response('[{"name":"config.json","size":3342},{"name":"pin_mapping.json","size":1270}]')
          : new Response("{}", { status: 500 }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const r = await loadFiles();
    expect(r.names).toEqual(["config.json", "pin_mapping.json"]);
    expect(r.api.reset).toBe("/api/file/delete_all");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("falls back to /api/config/* when the later path answers with the HTML app", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) =>
        Promise.resolve(
          url === "/api/file/list"
            ? new Response("<!doctype html><html></html>", { headers: { "content-type": "text/html" } })
            : new Response('{"configs":[{"name":"config.json"}]}'),
        ),
      ),
    );
    const r = await loadFiles();
    expect(r.names).toEqual(["config.json"]);
    expect(r.api.upload).toBe("/api/config/upload");
  });
});
