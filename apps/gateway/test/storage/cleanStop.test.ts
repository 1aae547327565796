/**
 * A clean stop leaves history.db whole (issue 34 item 1): the real CLI is started, its history read through the API
 * (so the read worker has its connection too), stopped with SIGTERM, and then a copy of history.db ALONE, without
 * any `-wal`/`-shm`, is opened with SQLite and must hold every day the API gave; no `-wal` is left beside the file.
 * Both one simulated device and several (`--device a=sim --device b=sim`), each with its history and alerts.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { describe, expect, it, vi } from "vitest";
import { makeDataDir } from "../helpers/app.ts";
import { CLI_TIMEOUT, runCli } from "../helpers/cli.ts";

interface EnergyRow {
  period: string;
  total: number;
}

/** A history answer; asked again while the loaded machine makes the reader answer 503 (busy or slow). */
const answer = (url: string): Promise<unknown> =>
  vi.waitFor(
    async () => {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    },
    { timeout: 30_000, interval: 500 },
  );

/** The days with energy, as the running gateway's API gives them. */
async function apiDays(base: string): Promise<string[]> {
  const info = (await answer(`${base}api/history/info`)) as { first_day: string; last_day: string };
  const url = `${base}api/history/energy?from=${info.first_day}&to=${info.last_day}&interval=day`;
  const energy = (await answer(url)) as { rows: EnergyRow[] };
  return energy.rows.filter((r) => r.total > 0).map((r) => r.period);
}

/** The days with energy in a copy of `<dir>/history.db` taken alone, opened by SQLite. */
function daysInCopy(dir: string): string[] {
  const copyDir = mkdtempSync(join(tmpdir(), "dtu-copy-"));
  try {
    copyFileSync(join(dir, "history.db"), join(copyDir, "history.db"));
    const db = new Database(join(copyDir, "history.db"), { readonly: true });
    const rows = db
      .prepare(
        `SELECT d.day FROM daily d JOIN series s ON s.id = d.sid WHERE s.serial = '' AND d.wh > 0 ORDER BY d.day`,
      )
      .raw(true)
      .all() as [string][];
    db.close();
    return rows.map(([day]) => day);
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}

const sqliteSideFiles = (dir: string): string[] => readdirSync(dir).filter((f) => /-(wal|shm)$/.test(f));

describe("a clean stop leaves history.db whole", () => {
  it(
    "one simulated device: after SIGTERM history.db alone holds every day, and no -wal is left",
    async () => {
      const dir = await makeDataDir();
      const cli = runCli(["--host", "127.0.0.1", "--port", "0", "--data", dir]);
      try {
        const [, port] = await cli.waitForOutput(/http:\/\/127\.0\.0\.1:(\d+)\//);
        const days = await apiDays(`http://127.0.0.1:${port}/`);
        // The first start's backfill: a month of days at once.
        expect(days.length).toBeGreaterThanOrEqual(30);
        expect(sqliteSideFiles(dir)).toContain("history.db-wal");
        cli.child.kill("SIGTERM");
        expect(await cli.exited).toBe(0);
        expect(sqliteSideFiles(dir)).toEqual([]);
        expect(daysInCopy(dir)).toEqual(days);
      } finally {
        cli.child.kill("SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );

  it(
    "several simulated devices: the same in every device's folder",
    async () => {
      const dir = await makeDataDir();
      const cli = runCli([
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--data",
        dir,
        "--device",
        "a=sim",
        "--device",
        "b=sim",
      ]);
      try {
        const [, port] = await cli.waitForOutput(/b: http:\/\/127\.0\.0\.1:(\d+)\/d\/b\//);
        const days = {
          a: await apiDays(`http://127.0.0.1:${port}/d/a/`),
          b: await apiDays(`http://127.0.0.1:${port}/d/b/`),
        };
        cli.child.kill("SIGTERM");
        expect(await cli.exited).toBe(0);
        for (const name of ["a", "b"] as const) {
          expect(days[name].length).toBeGreaterThanOrEqual(30);
          expect(sqliteSideFiles(join(dir, name))).toEqual([]);
          expect(daysInCopy(join(dir, name))).toEqual(days[name]);
        }
      } finally {
        cli.child.kill("SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );
});
