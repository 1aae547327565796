/**
 * A data folder that cannot be written, then can again (issue 34 item 14): history and alerts both run on without
 * history.db and say why in the owner's words; once the folder is writable again both go back into the file, the
 * alerts with what they gathered in memory meanwhile, so a restart keeps them. The folder is a tmpfs remounted
 * read-only (root, always under CI: chmod does not stop root); elsewhere the suite is skipped.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeptAlertStore } from "../../src/alerts/store.ts";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";
import { skipUnlessAvailable } from "../helpers/requires.ts";

let dir = "";
let mounted = "";
const mount = (...args: string[]) => execFileSync("mount", args, { stdio: "ignore" });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dtu-readonly-"));
  try {
    mount("-t", "tmpfs", "-o", "size=16m", "tmpfs", dir);
  } catch {
    mounted = "mounting a tmpfs (needs root)";
  }
});

afterAll(() => {
  // Lazily: libsql lets go of a closed connection's file only when it is garbage-collected (storage/sqliteFile.ts).
  if (!mounted) execFileSync("umount", ["-l", dir]);
  rmSync(dir, { recursive: true, force: true });
});

const start = () =>
  startGateway({ dataDir: dir, history: {}, alerts: { tickMs: 3600_000, delivery: null }, tickMs: 3600_000 });

interface List {
  storage: string;
  problem: string | null;
  alerts: { id: number; title: string; acknowledged: boolean }[];
}
const list = async (gw: TestGateway): Promise<List> =>
  JSON.parse((await gw.app.inject("/api/alerts?state=all")).body) as List;

describe.skipIf(skipUnlessAvailable(mounted))("data folder read-only, then writable again", () => {
  it("alerts gathered in memory move into history.db once it can be written, and survive a restart", async () => {
    // A first start writes the device's own files; then the folder becomes read-only.
    await (await startGateway({ dataDir: dir })).close();
    mount("-o", "remount,ro", dir);
    const file = join(dir, "history.db");

    let gw = await start();
    try {
      expect((await gw.app.inject("/api/livedata/status")).statusCode).toBe(200);
      expect((await gw.app.inject("/api/history/info")).statusCode).toBe(503);
      const before = await list(gw);
      expect(before.storage).toBe("memory");
      expect(before.problem).toBe(
        `Alerts are NOT stored: ${file} cannot be used (it cannot be opened or created (no permission, a ` +
          "read-only folder, or a folder in its place)). They are kept in memory (lost at a restart) until the " +
          "file can be written again; it is tried every 30 s.",
      );
      expect(before.problem).not.toMatch(/ConnectionFailed/);
      gw.app.alerts?.store.insert({
        key: "clock",
        kind: "clock",
        severity: "warning",
        serial: null,
        name: "OpenDTU",
        channel: null,
        title: "gathered while read-only",
        detail: "",
        started: 1_795_000_000,
      });
      const id = (await list(gw)).alerts[0]?.id;
      const ack = await gw.app.inject({
        method: "POST",
        url: "/api/alerts/ack",
        headers: { ...FORM, authorization: ADMIN },
        payload: form({ id }),
      });
      expect(ack.statusCode).toBe(200);

      mount("-o", "remount,rw", dir);
      // What the 30 s timers do (history/keeper.ts, alerts/store.ts), called at once.
      expect(gw.app.history?.retry()).toBe(true);
      expect((gw.app.alerts?.store as Partial<KeptAlertStore> | undefined)?.retry?.()).toBe(true);
      const after = await list(gw);
      expect(after.storage).toBe("database");
      expect(after.problem).toBeNull();
      expect(after.alerts).toMatchObject([{ title: "gathered while read-only", acknowledged: true }]);
    } finally {
      await gw.close();
    }

    gw = await start();
    try {
      expect((await list(gw)).alerts).toMatchObject([
        { title: "gathered while read-only", acknowledged: true },
      ]);
    } finally {
      await gw.close();
    }
  });
});
