/**
 * Crash safety (issue 14 §2): a child process records as fast as it can and is killed with SIGKILL, again and
 * again. After every kill the file passes `PRAGMA integrity_check`; at the end every completed day holds exactly its
 * energy (no day total lost, nothing counted twice), across the 23-hour day of 2026-03-29 too.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addDays, dayBounds } from "../../src/history/days.ts";
import { openDb } from "../../src/history/store.ts";
import { CET, tempDir } from "./helpers.ts";

const CHILD = fileURLToPath(new URL("./crashChild.ts", import.meta.url));
const KILLS = 6;

function runAndKill(dir: string, afterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, dir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) setTimeout(() => child.kill("SIGKILL"), afterMs);
    });
    child.on("exit", (_code, signal) =>
      signal === "SIGKILL" ? resolve() : reject(new Error(`child ended by itself: ${err}`)),
    );
  });
}

describe("history crash safety", () => {
  it("survives repeated SIGKILL during writes", async () => {
    const dir = tempDir();
    for (let i = 0; i < KILLS; i++) {
      await runAndKill(dir, 300 + ((i * 137) % 500));
      const db = openDb(join(dir, "history.db"));
      expect(db.prepare("PRAGMA integrity_check").get()).toMatchObject({ integrity_check: "ok" });
      db.close();
    }
    const db = openDb(join(dir, "history.db"));
    const base = db.prepare("SELECT day FROM base").get() as { day: string };
    const rows = db
      .prepare(
        "SELECT d.day, d.wh FROM daily d JOIN series s ON s.id = d.sid WHERE s.serial = '1164a' AND s.ch = -1 ORDER BY d.day",
      )
      .all() as { day: string; wh: number }[];
    db.close();
    const complete = rows.filter((r) => r.day < base.day);
    // Enough progress to have crossed several midnights and the short day.
    expect(complete.length).toBeGreaterThanOrEqual(3);
    expect(complete[0]?.day).toBe("2026-03-27");
    for (const r of complete) {
      const [start, end] = dayBounds(CET, r.day);
      expect([r.day, r.wh]).toEqual([r.day, ((end - start) / 1_800_000) * 300]);
    }
    expect(complete.map((r) => r.day)).toEqual(complete.map((_, i) => addDays("2026-03-27", i)));
  }, 120_000);
});
