/**
 * The commissioning check (issue 32 §2): lowers one controlled inverter by about 100 W and expects the meter to rise
 * by about that much within 15 s. That proves the meter's sign and that the inverters are behind it, and measures the
 * inverter's response time (command → the meter's rise), which the controller then waits for. The limit it had is
 * sent back afterwards. It also warns about firmware known to drop non-persistent limits (2.0.4).
 */
import type { ZeroExportCheckAnswer, ZeroExportConfig } from "@dtu/api/zeroexport";
import type { DevicePort } from "../port/contract.ts";
import type { Controller } from "./controller.ts";

export const CHECK_CUT_W = 100;
export const CHECK_WAIT_MS = 15_000;
/** The rise must reach this share of the cut. */
const CHECK_RISE_SHARE = 0.6;
/** Firmware whose inverters forget a non-persistent limit by themselves (owners' reports): fw_build_version. */
export const DROPS_NONPERSISTENT = new Map([[20004, "2.0.4"]]);

export interface CheckDeps {
  port: DevicePort;
  controller: Controller;
  config: ZeroExportConfig;
  /** Waits `ms` (tests: moves a simulated clock). */
  sleep: (ms: number) => Promise<void>;
}

const answer = (message: string, rest: Partial<ZeroExportCheckAnswer> = {}): ZeroExportCheckAnswer => ({
  ok: false,
  serial: null,
  cut_w: 0,
  rise_w: null,
  response_ms: null,
  message,
  warnings: [],
  ...rest,
});

async function firmwareWarnings(deps: CheckDeps): Promise<ZeroExportCheckAnswer["warnings"]> {
  const out: ZeroExportCheckAnswer["warnings"] = [];
  for (const inv of deps.config.inverters.filter((i) => i.enabled)) {
    const info = await deps.port.deviceInfo(inv.serial);
    const firmware = info ? DROPS_NONPERSISTENT.get(info.fw_build_version) : undefined;
    if (firmware)
      out.push({
        serial: inv.serial,
        firmware,
        message: `firmware ${firmware} is known to drop non-persistent limits: the limits sent may not hold`,
      });
  }
  return out;
}

/** The controlled, reachable inverter producing the most (it must make at least the cut plus its minimum). */
function pick(deps: CheckDeps): { serial: string; output: number; limit: number } | null {
  const snap = deps.port.snapshot();
  let best: { serial: string; output: number; limit: number } | null = null;
  for (const cfg of deps.config.inverters.filter((i) => i.enabled)) {
    const inv = snap.inverters.find((i) => i.live.serial.toLowerCase() === cfg.serial.toLowerCase());
    const p = inv?.live.AC?.["0"]?.["Power"];
    const output = inv && inv.read && p && "v" in p ? p.v : null;
    if (!inv || !snap.reachable || !inv.live.reachable || output === null) continue;
    if (output < CHECK_CUT_W + cfg.min_w) continue;
    if (!best || output > best.output)
      best = { serial: inv.live.serial, output, limit: inv.live.limit_absolute };
  }
  return best;
}

/** Waits in the check's own steps until `p` settles (its acknowledgement comes with the device's ticks). */
async function waitFor<T>(p: Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  let done = false;
  void p.finally(() => (done = true));
  while (!done) await sleep(250);
  return p;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function commissioningCheck(deps: CheckDeps): Promise<ZeroExportCheckAnswer> {
  const { port, controller } = deps;
  const warnings = await firmwareWarnings(deps);
  const target = pick(deps);
  const before = controller.samples().slice(-3);
  if (!target)
    return answer(`no controlled inverter produces ${CHECK_CUT_W} W above its minimum now`, { warnings });
  if (before.length === 0) return answer("the meter has no reading", { warnings });
  const base = median(before.map((s) => s.grid_w));
  const to = Math.max(1, Math.floor(target.output - CHECK_CUT_W));
  controller.hold(true);
  try {
    const sentAt = port.now();
    const why = { code: "check" as const, params: { cut_w: CHECK_CUT_W } };
    const outcome = controller.send({ serial: target.serial, from_w: target.limit, to_w: to, type: 0, why });
    let rise: { at: number; grid_w: number } | null = null;
    while (port.now() - sentAt < CHECK_WAIT_MS && !rise) {
      await deps.sleep(250);
      controller.step();
      rise =
        controller
          .samples()
          .find((s) => s.at > sentAt && s.grid_w - base >= CHECK_RISE_SHARE * CHECK_CUT_W) ?? null;
    }
    await waitFor(outcome, deps.sleep);
    await waitFor(
      controller.send({
        serial: target.serial,
        from_w: to,
        to_w: target.limit,
        type: 0,
        why: { code: "check_restore", params: {} },
      }),
      deps.sleep,
    );
    const common = { serial: target.serial, cut_w: CHECK_CUT_W, warnings };
    if (!rise) {
      const last = controller.samples().at(-1)?.grid_w;
      const seen = last === undefined ? null : Math.round(last - base);
      return answer(
        `the meter did not rise by about ${CHECK_CUT_W} W within 15 s (${seen ?? "?"} W): check the meter's sign and that the inverters are behind it`,
        { ...common, rise_w: seen },
      );
    }
    const responseMs = rise.at - sentAt;
    const s = controller.sent.get(target.serial);
    if (s) s.responses = [...s.responses, responseMs].slice(-3);
    return answer(
      `the meter rose by ${Math.round(rise.grid_w - base)} W ${(responseMs / 1000).toFixed(1)} s after the command`,
      {
        ...common,
        ok: true,
        rise_w: Math.round(rise.grid_w - base),
        response_ms: responseMs,
      },
    );
  } finally {
    controller.hold(false);
  }
}
