import { useEffect, useState } from "react";
import { endpoints } from "@dtu/api/endpoints";
import { getJson } from "../../lib/http";

export interface WaitOptions {
  /** One request to the device; resolves with its uptime in seconds, rejects while it is down. */
  probe: () => Promise<number>;
  signal?: AbortSignal;
  intervalMs?: number;
  /** Back after this long even without having seen it go down (the reboot may have been missed). */
  maxBlindMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Resolves once the device answers again after a reboot it announced (API.md §3.12, §3.13, §3.15: it answers
 * first and restarts about 1 s later). "Again" means: an answer after a failed one, or an answer whose uptime
 * is lower than one seen before (the restart happened between two polls).
 */
export async function waitForDevice(o: WaitOptions): Promise<void> {
  const sleep = o.sleep ?? defaultSleep;
  const now = o.now ?? Date.now;
  const interval = o.intervalMs ?? 1000;
  const maxBlind = o.maxBlindMs ?? 10_000;
  const start = now();
  let sawDown = false;
  let maxUptime = -1;
  for (;;) {
    if (o.signal?.aborted) return;
    await sleep(interval);
    if (o.signal?.aborted) return;
    try {
      const uptime = await o.probe();
      if (sawDown || uptime < maxUptime || now() - start >= maxBlind) return;
      maxUptime = Math.max(maxUptime, uptime);
    } catch {
      sawDown = true;
    }
  }
}

/** Uptime from the system status: answered by a running device, refused while it restarts. */
export async function probeUptime(): Promise<number> {
  const s = await getJson(endpoints.systemStatus.path);
  return typeof s.uptime === "number" ? s.uptime : 0;
}

/** "waiting" from the moment `active` turns true until the device answers again, then "back". */
export function useDeviceRestart(active: boolean): "idle" | "waiting" | "back" {
  const [state, setState] = useState<"idle" | "waiting" | "back">("idle");
  useEffect(() => {
    if (!active) {
      setState("idle");
      return;
    }
    const ctl = new AbortController();
    setState("waiting");
    void waitForDevice({ probe: probeUptime, signal: ctl.signal }).then(() => {
      if (!ctl.signal.aborted) setState("back");
    });
    return () => ctl.abort();
  }, [active]);
  return state;
}
