/**
 * Proxy mode (`--device`): the source is fed by the history recorder's own connection to the device
 * (history/proxyFeed.ts hands every live document over through `document`), and completed by a few read GETs every
 * minute: limit and power status (API.md §3.7, §3.8), the clock and the sun (`/api/ntp/status`, §3.18), the
 * hostname (`/api/system/status`), and event logs when an inverter's count changes (§3.4).
 *
 * The location: `/api/ntp/config` has latitude and longitude but needs admin credentials; with
 * `--device-password` it is read every 10 minutes and the sun's elevation is computed here. Without it the device's
 * own sunrise and sunset stand in (rules.ts `dayMargin`; its day begins at nautical dawn by default, hence the
 * margins there).
 */
import type { EventLog, LimitStatus, LiveData, LiveInverter, PowerStatus } from "@dtu/api/live";
import { partsOf, safeParse } from "../time/clock.ts";
import type { PosixTz } from "../time/posixTz.ts";
import { solarElevation } from "../time/sun.ts";
import { sourceEvents, sourceInverter } from "./live.ts";
import type { AlertSource, SourceInverter } from "./source.ts";

export interface ProxySourceOptions {
  device: URL;
  /** `Basic …` for the device, or null. */
  auth: string | null;
  now?: () => number;
  timeoutMs?: number;
}

export interface ProxySource extends AlertSource {
  /** Every live document (full snapshot or one inverter, API.md §3.2, §9.3) the recorder's connection receives. */
  document(doc: unknown): void;
  /** The minute's read GETs; resolves when done (errors leave the last values). */
  poll(): Promise<void>;
}

/** Without a live document for this long the device counts as not answering (it pushes at least every 10 s). */
const SILENT_AFTER_MS = 60_000;
const LOCATION_EVERY_MS = 10 * 60_000;

const two = (n: number): string => String(n).padStart(2, "0");

/** Minutes since local midnight of the device's `… <yyyy> <HH>:<MM>:<SS>` (API.md §3.18), null for "--". */
export function minuteOf(text: unknown): number | null {
  const m = typeof text === "string" ? / (\d{2}):(\d{2}):\d{2}$/.exec(text) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes from the nearer of sunrise and sunset, negative at night; null without sun data. */
export function dayMarginOf(status: Record<string, unknown>, nowMinute: number): number | null {
  const rise = minuteOf(status.sun_risetime);
  const set = minuteOf(status.sun_settime);
  if (rise === null || set === null || status.sun_isSunsetAvailable === false) return null;
  return Math.min(nowMinute - rise, set - nowMinute);
}

export function proxySource(opts: ProxySourceOptions): ProxySource {
  const now = opts.now ?? Date.now;
  const headers: Record<string, string> = opts.auth ? { authorization: opts.auth } : {};
  const timeout = opts.timeoutMs ?? 5000;
  const live = new Map<string, LiveInverter>();
  let hints: LiveData["hints"] | null = null;
  let lastDoc = -Infinity;
  let limit: LimitStatus | null = null;
  let power: PowerStatus | null = null;
  let ntp: Record<string, unknown> = {};
  let zone: PosixTz = safeParse("UTC0");
  let hostname = opts.device.hostname;
  let location: { latitude: number; longitude: number } | null = null;
  let locationAt = -Infinity;
  let last = new Map<string, SourceInverter>();

  const getJson = async (path: string): Promise<unknown> => {
    const res = await fetch(new URL(path, opts.device), { headers, signal: AbortSignal.timeout(timeout) });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status} for ${path}`);
    }
    return res.json();
  };
  const quietly = async <T>(path: string, use: (value: T) => void): Promise<void> => {
    try {
      use((await getJson(path)) as T);
    } catch {
      // The device may be away: the last values stay, dtu_silent tells.
    }
  };

  return {
    zone: () => zone,
    document(doc) {
      if (typeof doc !== "object" || doc === null) return;
      const d = doc as Partial<LiveData>;
      lastDoc = now();
      if (d.hints) hints = d.hints;
      if (!Array.isArray(d.inverters)) return;
      for (const inv of d.inverters) if (typeof inv?.serial === "string") live.set(inv.serial, inv);
    },
    async poll() {
      await Promise.all([
        quietly<LimitStatus>("/api/limit/status", (v) => (limit = v)),
        quietly<PowerStatus>("/api/power/status", (v) => (power = v)),
        quietly<Record<string, unknown>>("/api/ntp/status", (v) => {
          ntp = v;
          if (typeof v.ntp_timezone === "string") zone = safeParse(v.ntp_timezone);
        }),
        quietly<{ hostname?: unknown }>("/api/system/status", (v) => {
          if (typeof v.hostname === "string" && v.hostname) hostname = v.hostname;
        }),
      ]);
      if (opts.auth && now() - locationAt >= LOCATION_EVERY_MS) {
        locationAt = now();
        await quietly<{ latitude?: unknown; longitude?: unknown }>("/api/ntp/config", (v) => {
          if (typeof v.latitude === "number" && typeof v.longitude === "number")
            location = { latitude: v.latitude, longitude: v.longitude };
        });
      }
    },
    snapshot() {
      const t = now();
      const p = partsOf(zone, t);
      const inverters = [...live.values()].map((inv) =>
        sourceInverter(inv, limit, power, last.get(inv.serial)),
      );
      last = new Map(inverters.map((i) => [i.serial, i]));
      // The device pushes at least every 10 s to a connected socket (API.md §3.2): a minute of silence is an outage.
      const reachable = t - lastDoc < SILENT_AFTER_MS;
      return {
        now: t,
        dtuName: hostname,
        dtuSerial: opts.device.host,
        localDay: `${p.year}-${two(p.month)}-${two(p.day)}`,
        localTime: `${two(p.hour)}:${two(p.minute)}`,
        inverters,
        dtuReachable: reachable,
        clockUnsynced: hints ? hints.time_sync : null,
        radioProblem: hints ? hints.radio_problem : null,
        elevation: location ? solarElevation(location, t) : null,
        dayMargin: dayMarginOf(ntp, p.hour * 60 + p.minute),
      };
    },
    async eventLog(serial, language) {
      try {
        const q = `?inv=${encodeURIComponent(serial)}&locale=${language}`;
        return sourceEvents((await getJson(`/api/eventlog/status${q}`)) as EventLog);
      } catch {
        return null;
      }
    },
    close: () => undefined,
  };
}
