/**
 * Zero export's alerts (issue 32 §2) from the real controller on the simulated device, in simulated time: its events
 * handed to the alerts' source as the app does (app.ts `attachFeatures`), the rules and the tracker evaluated as the
 * alert engine does at each tick.
 */
import { describe, expect, it } from "vitest";
import { defaultAlertConfig } from "../../src/alerts/config.ts";
import { observe, type Usual } from "../../src/alerts/rules.ts";
import { portSource, type ZeroExportEvent } from "../../src/alerts/source.ts";
import { createTrackerState, step } from "../../src/alerts/tracker.ts";
import { HMS, loop, SETTINGS } from "./harness.ts";

const NO_USUAL: Usual = { share: () => null, peak: () => null };

async function watched() {
  let tell: (event: ZeroExportEvent) => void = () => undefined;
  const t = await loop(SETTINGS, undefined, (e) => tell(e));
  const source = portSource(t.port, { watchDtu: false, readEveryMs: 0, now: t.host.now });
  tell = source.watchZeroExport();
  const tracker = createTrackerState();
  const open = new Map<string, string | null>();
  /** One evaluation of zero export's rules: what was raised (kind and serial) and cleared. */
  const evaluate = () => {
    const zx = observe(source.snapshot(), defaultAlertConfig().rules, NO_USUAL).filter((o) =>
      o.kind.startsWith("zeroexport"),
    );
    const r = step(tracker, zx, new Set(open.keys()), t.host.now());
    for (const o of r.raise) open.set(o.key, o.serial);
    for (const key of r.clear) open.delete(key);
    return { raised: r.raise.map((o) => `${o.kind} ${o.serial ?? "dtu"}`), cleared: r.clear };
  };
  /** Someone else (the web app) sets a limit on the HMS the controller holds. */
  const foreignLimit = async (): Promise<void> => {
    await t.until(t.port.setLimit({ serial: HMS, value: 1500, type: 0 }));
    await t.run(5);
  };
  return { t, evaluate, foreignLimit };
}

const NONE = { raised: [], cleared: [] };

describe("zero export's alerts on the simulated device", () => {
  it("a limit changed by someone else raises the pause on that inverter; resume or turning it off clears it", async () => {
    const { t, evaluate, foreignLimit } = await watched();
    await t.run(60);
    expect(evaluate()).toEqual(NONE);
    await foreignLimit();
    expect(t.service.status().state).toBe("paused");
    expect(evaluate()).toEqual({ raised: [`zeroexport_paused ${HMS}`], cleared: [] });
    expect(evaluate()).toEqual(NONE); // raised once
    expect(t.service.resume().code).toBe("resumed");
    expect(evaluate()).toEqual({ raised: [], cleared: ["zeroexport_paused"] });
    await t.run(30);
    await foreignLimit();
    expect(evaluate().raised).toEqual([`zeroexport_paused ${HMS}`]);
    expect((await t.service.post(JSON.stringify({ ...SETTINGS, enabled: false }))).status).toBe(200);
    expect(evaluate()).toEqual({ raised: [], cleared: ["zeroexport_paused"] });
    // On again while still paused: the pause is said again.
    expect((await t.service.post(JSON.stringify(SETTINGS))).status).toBe(200);
    expect(t.service.status().state).toBe("paused");
    expect(evaluate().raised).toEqual([`zeroexport_paused ${HMS}`]);
  });

  it("the DTU not answering while zero export is on: raised after its minute, cleared when zero export is off", async () => {
    const { t, evaluate } = await watched();
    await t.run(30);
    await t.port.close();
    await t.run(5);
    expect(evaluate()).toEqual(NONE);
    await t.run(60);
    expect(evaluate()).toEqual({ raised: ["zeroexport_unreachable dtu"], cleared: [] });
    expect((await t.service.post(JSON.stringify({ ...SETTINGS, enabled: false }))).status).toBe(200);
    expect(evaluate()).toEqual({ raised: [], cleared: ["zeroexport_unreachable"] });
  });
});
