/**
 * Child process of crash.test.ts: records one inverter at 600 W, as fast as it
 * can, resuming after the last committed reading, until it is killed. A reading every half hour of simulated time
 * (300 Wh each) gets through days quickly even on a loaded machine.
 */
import { dayOf, dayStart } from "../../src/history/days.ts";
import { openHistory } from "../../src/history/index.ts";
import { CET, at, reading } from "./helpers.ts";

const dir = process.argv[2] ?? "";
const clock = { t: 0, now: () => clock.t };
const h = openHistory({ dataDir: dir, zone: () => CET, clock });
const last = h.db.prepare("SELECT t, total FROM base").get() as { t: number; total: number } | undefined;
const STEP_MS = 1_800_000;
const STEP_WH = 300;
let t = last ? last.t + STEP_MS : at("2026-03-27", "00:00");
let total = last ? last.total + STEP_WH : 1_000_000;
process.stdout.write("ready\n");
for (;;) {
  const dayWh = ((t - dayStart(CET, dayOf(CET, t))) / STEP_MS) * STEP_WH;
  clock.t = t;
  h.recorder.record(t, [reading("1164a", 600, total, dayWh)]);
  t += STEP_MS;
  total += STEP_WH;
}
