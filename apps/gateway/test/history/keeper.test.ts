/**
 * History never stops the gateway (issue 21 item 2): a damaged history.db is kept aside and a new one started; a
 * file that cannot be opened leaves the gateway running without history, says why naming the file, and history is
 * picked up again once it can be written; writes that fail while running lose only their samples.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepHistory, type HistoryKeeper, type KeeperOptions } from "../../src/history/keeper.ts";
import { startGateway, type TestGateway } from "../helpers/app.ts";
import { CET, at, dayEnergy, reading, tempDir } from "./helpers.ts";

let open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open) await o.close();
  open = [];
});

function keeper(dir: string, extra: Partial<KeeperOptions> = {}) {
  const lines: string[] = [];
  const clock = { t: at("2026-06-10", "12:00"), now: () => clock.t };
  const k: HistoryKeeper = keepHistory({
    dataDir: dir,
    zone: () => CET,
    clock,
    log: (l) => lines.push(l),
    ...extra,
  });
  open.push(k);
  return { k, lines, clock };
}

const garbage = () => "this is not a database, only text that a broken copy left behind\n".repeat(200);

describe("history keeper", () => {
  it("keeps a damaged history.db aside as history.db.corrupt-<time> and starts a new one", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "history.db"), garbage());
    const { k } = keeper(dir);
    expect(k.current()).not.toBeNull();
    expect(k.problem()).toBeNull();
    const aside = readdirSync(dir).filter((f) => f.startsWith("history.db.corrupt-"));
    expect(aside).toEqual(["history.db.corrupt-2026-06-10T10-00-00-000Z"]);
    expect(k.startNote()).toBe(
      `History: ${join(dir, "history.db")} was damaged (file is not a database); it is kept as ` +
        `${join(dir, aside[0] ?? "")} and a new history is started.`,
    );
    k.recorder.record(at("2026-06-10", "12:00"), [reading("1164a", 100, 1000, 0)]);
    k.recorder.record(at("2026-06-10", "12:10"), [reading("1164a", 100, 1017, 17)]);
    expect(dayEnergy(k.current()!, "2026-06-10")).toBe(17);
  });

  it("runs without history when the file cannot be opened, names it, and picks it up once it can", () => {
    const dir = tempDir();
    // A folder where the file should be: SQLite cannot open it, as with a read-only or missing folder.
    mkdirSync(join(dir, "history.db"));
    const { k, lines } = keeper(dir);
    expect(k.current()).toBeNull();
    expect(k.problem()).toBe(
      `History is NOT recorded: ${join(dir, "history.db")} cannot be used (it cannot be opened or created (no ` +
        "permission, a read-only folder, or a folder in its place)). The gateway runs on without it; history is " +
        "recorded again as soon as the file can be written.",
    );
    expect(k.startNote()).toBe(k.problem());
    // Recording while there is no history loses the samples and throws nothing.
    k.recorder.record(at("2026-06-10", "12:00"), [reading("1164a", 100, 1000, 0)]);
    expect(k.retry()).toBe(false);
    expect(lines).toEqual([]);

    rmSync(join(dir, "history.db"), { recursive: true });
    expect(k.retry()).toBe(true);
    expect(k.problem()).toBeNull();
    expect(lines).toEqual([`History: ${join(dir, "history.db")} can be written again; recording goes on.`]);
    expect(existsSync(join(dir, "history.db"))).toBe(true);
  });

  it("tries an unavailable file again every 30 s by itself, and stops once it is open", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const dir = tempDir();
      mkdirSync(join(dir, "history.db"));
      const { k, lines } = keeper(dir);
      expect(k.current()).toBeNull();
      vi.advanceTimersByTime(30_000);
      expect(k.current()).toBeNull();
      rmSync(join(dir, "history.db"), { recursive: true });
      vi.advanceTimersByTime(29_999);
      expect(k.current()).toBeNull();
      vi.advanceTimersByTime(1);
      expect(k.current()).not.toBeNull();
      expect(lines).toEqual([`History: ${join(dir, "history.db")} can be written again; recording goes on.`]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'the disk is full' for a full disk at start", () => {
    const dir = tempDir();
    const { k } = keeper(dir, {
      onOpen: () => {
        throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      },
    });
    expect(k.current()).toBeNull();
    expect(k.problem()).toMatch(/history\.db cannot be used \(the disk is full\)/);
  });

  it("loses only the samples whose write fails (disk full) and records again afterwards", () => {
    const dir = tempDir();
    const { k, lines } = keeper(dir);
    const h = k.current()!;
    const S = "1164a";
    k.recorder.record(at("2026-06-10", "12:00"), [reading(S, 100, 1000, 0)]);
    // The file may not grow any more: SQLite answers "database or disk is full", as on a full disk.
    const pages = (h.db.prepare("PRAGMA page_count").raw(true).get() as number[])[0];
    h.db.pragma(`max_page_count = ${pages}`);
    // Each call brings 30 new inverters (new series rows) besides S, until the file is full, then some more.
    for (let m = 1; m <= 55; m++) {
      const t = at("2026-06-10", "12:00") + m * 60_000;
      const others = Array.from({ length: 30 }, (_, i) =>
        reading(`${(m * 100 + i).toString(16)}`, 50, 10, 0),
      );
      expect(() => k.recorder.record(t, [reading(S, 100, 1000 + m, m), ...others])).not.toThrow();
    }
    expect(lines).toEqual([
      `History: writing to ${join(dir, "history.db")} failed (the disk is full); samples are lost until it can ` +
        "be written again.",
    ]);
    h.db.pragma("max_page_count = 1073741823");
    k.recorder.record(at("2026-06-10", "13:10"), [reading(S, 100, 1070, 70)]);
    expect(lines[1]).toBe(`History: ${join(dir, "history.db")} can be written again; recording goes on.`);
    // The energy of the whole span since the last written sample is there (the bases came back from the file).
    expect(dayEnergy(h, "2026-06-10")).toBe(70);
  });
});

describe("gateway with history that cannot be used", () => {
  let gw: TestGateway | null = null;
  afterEach(async () => {
    await gw?.close();
    gw = null;
  });

  it("serves the live view with a damaged history.db and answers history from a new file", async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, "history.db"), garbage());
    gw = await startGateway({ dataDir, history: {} });
    expect((await gw.app.inject({ url: "/api/livedata/status" })).statusCode).toBe(200);
    expect((await gw.app.inject({ url: "/api/history/info" })).statusCode).toBe(200);
    expect(gw.app.history?.startNote()).toMatch(/was damaged .* kept as .*history\.db\.corrupt-/);
  });

  it("serves the live view when history.db cannot be opened, and the history API says why", async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, "history.db"));
    gw = await startGateway({ dataDir, history: {} });
    expect((await gw.app.inject({ url: "/api/livedata/status" })).statusCode).toBe(200);
    const res = await gw.app.inject({ url: "/api/history/info" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ type: "danger", message: gw.app.history?.problem() });
    expect(res.json().message).toContain(join(dataDir, "history.db"));
  });
});
