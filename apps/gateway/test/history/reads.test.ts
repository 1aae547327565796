/**
 * History reads in a worker thread (issue 21 item 3): the same answers as the queries on the writing connection,
 * bounded in number and time.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { energyCsv } from "../../src/history/csv.ts";
import { ReadBusy, createReads, type Reads } from "../../src/history/reads.ts";
import { CET, at, makeHistory, reading, type TestHistory } from "./helpers.ts";

let t: TestHistory;
let open: Reads[] = [];
afterEach(() => {
  for (const r of open) r.close();
  open = [];
  t?.h.close();
});

function recorded(): string {
  t = makeHistory();
  t.h.recorder.record(at("2026-06-10", "12:00"), [reading("1164a", 300, 1000, 0)]);
  t.h.recorder.record(at("2026-06-10", "12:10"), [reading("1164a", 320, 1050, 50)]);
  return join(t.dir, "history.db");
}

function reads(file: string, opts: Parameters<typeof createReads>[2] = {}): Reads {
  const r = createReads(file, () => CET, opts);
  open.push(r);
  return r;
}

describe("history reads in a worker", () => {
  it("answers as the queries on the writing connection do, and sees later writes", async () => {
    const r = reads(recorded());
    expect(JSON.parse(await r.power("2026-06-10", null, "json"))).toEqual(
      t.h.queries.power("2026-06-10", null),
    );
    const energy = t.h.queries.energy("2026-06-01", "2026-06-30", "day", null);
    expect(JSON.parse(await r.energy("2026-06-01", "2026-06-30", "day", null, "json"))).toEqual(energy);
    expect(await r.energy("2026-06-01", "2026-06-30", "day", null, "csv")).toBe(energyCsv(energy));
    t.h.recorder.record(at("2026-06-10", "12:20"), [reading("1164a", 310, 1100, 100)]);
    expect(JSON.parse(await r.info(at("2026-06-10", "13:00"))).today_energy_wh).toBe(100);
  });

  it("refuses beyond the queue bound with a message, and answers the others", async () => {
    const r = reads(recorded(), { maxQueued: 2 });
    // One running and two waiting; the fourth and fifth are refused at once.
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => r.info(0)));
    expect(results.map((x) => x.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
    ]);
    const refused = results[4] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ReadBusy);
    expect((refused.reason as Error).message).toBe(
      "History is busy with other requests; try again in a moment.",
    );
  });

  it("refuses a query over its time limit, in words", async () => {
    const file = recorded();
    // 1 ms: no query (nor the worker's start) can make it.
    const slow = reads(file, { timeoutMs: 1 });
    await expect(slow.info(0)).rejects.toThrow(
      "History took longer than 0.001 s to answer; try a shorter range.",
    );
    await expect(slow.info(0)).rejects.toBeInstanceOf(ReadBusy);
    const r = reads(file);
    expect(JSON.parse(await r.info(at("2026-06-10", "13:00"))).today_peak_w).toBe(320);
  });
});
