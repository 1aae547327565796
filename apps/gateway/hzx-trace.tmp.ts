import { runClosedLoop } from "./src/zeroexport/sim/closedLoop.ts";
import { STEP_SERIES } from "./src/zeroexport/sim/house.ts";
const from = Number(process.argv[2]), to = Number(process.argv[3]);
const run = await runClosedLoop({ duration_s: to, steps: STEP_SERIES, seed: 7 });
for (const o of run.orders.filter((o) => o.t_s >= from - 10)) console.log("ORDER", o.t_s, o.serial.slice(-4), o.from_w, o.to_w, o.why.code, JSON.stringify(o.why.params));
for (const s of run.seconds.filter((s) => s.t_s >= from - 2)) console.log(s.t_s, s.load_w, Math.round(s.grid_w), Math.round(s.output_w), s.band_w, s.reason);
