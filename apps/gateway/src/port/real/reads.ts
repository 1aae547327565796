/**
 * What a real device tells besides its live documents, read by the port now and then: the time zone and the sun
 * (`/api/ntp/status`, API.md §3.18: on every connect and each minute), its hostname and uptime
 * (`/api/system/status`, §3.17: on every connect and each minute), and, with the gateway's password only, its
 * location (`/api/ntp/config`, admin: every 10 minutes).
 *
 * The uptime places the DTU's start on the gateway's clock, which tells the inverters read since it started (issue
 * 25's rule) from those never read: one never read has `data_age` equal to the uptime and zeros as values
 * (API.md §3.1). A reading within BOOT_SLACK_MS of the start is "never read".
 */
import type { SystemStatus } from "@dtu/api/system";
import { safeParse } from "../../time/clock.ts";
import type { PosixTz } from "../../time/posixTz.ts";
import { sunTimesOf } from "../place.ts";
import { tryJson, type Wire } from "./wire.ts";

/**
 * Tolerance between "last reading" and "start": `data_age` and `uptime` are whole seconds (each up to 1 s off) and
 * come in two answers at different moments. The web app's live view uses the same margin (features/live/state.ts).
 */
export const BOOT_SLACK_MS = 3000;
export const READS_EVERY_MS = 60_000;
const LOCATION_EVERY_MS = 10 * 60_000;
/** A failed uptime request is asked again with a later document, not more often than this. */
const RETRY_MS = 10_000;

export interface DeviceFacts {
  zone: PosixTz | null;
  /** The rule `zone` was parsed from. */
  rule: string | null;
  sun: { rise: number; set: number } | null;
  hostname: string | null;
  /** Gateway-clock ms of the DTU's start; null until this connection's uptime answered. */
  bootAt: number | null;
  location: { latitude: number; longitude: number } | null;
}

export interface DeviceReads {
  facts: DeviceFacts;
  /** `/api/ntp/status` as read (by the socket's first reads, or here). */
  ntp(status: Record<string, unknown>): void;
  /** A new connection: the device may have restarted, so its start is asked anew. */
  connected(): Promise<void>;
  /** A live document came: the uptime is asked again when it is still missing (RETRY_MS). */
  documentSeen(): void;
  /** The minute's reads; resolves when done (failures keep the last values). */
  refresh(): Promise<void>;
}

export function deviceReads(wire: Wire, now: () => number, onChange: () => void): DeviceReads {
  const facts: DeviceFacts = {
    zone: null,
    rule: null,
    sun: null,
    hostname: null,
    bootAt: null,
    location: null,
  };
  let generation = 0;
  let locationAt = -Infinity;
  let systemAt = -Infinity;

  const ntp = (v: Record<string, unknown>): void => {
    if (typeof v.ntp_timezone === "string" && v.ntp_timezone !== facts.rule) {
      facts.rule = v.ntp_timezone;
      facts.zone = safeParse(v.ntp_timezone);
    }
    facts.sun = sunTimesOf(v);
  };
  const system = async (): Promise<void> => {
    const mine = generation;
    systemAt = now();
    const v = await tryJson<Partial<SystemStatus>>(wire, "/api/system/status");
    if (!v || mine !== generation) return;
    if (typeof v.hostname === "string" && v.hostname) facts.hostname = v.hostname;
    if (facts.bootAt !== null) return;
    // A status without an uptime (not the firmware of API.md) cannot tell: its inverters count as read.
    facts.bootAt = typeof v.uptime === "number" ? now() - v.uptime * 1000 : Number.NEGATIVE_INFINITY;
    onChange();
  };

  const location = async (): Promise<void> => {
    if (!wire.auth || now() - locationAt < LOCATION_EVERY_MS) return;
    locationAt = now();
    const c = await tryJson<{ latitude?: unknown; longitude?: unknown }>(wire, "/api/ntp/config");
    if (c && typeof c.latitude === "number" && typeof c.longitude === "number")
      facts.location = { latitude: c.latitude, longitude: c.longitude };
  };

  return {
    facts,
    ntp,
    async connected() {
      generation++;
      facts.bootAt = null;
      await system();
      await location();
    },
    documentSeen() {
      if (facts.bootAt === null && now() - systemAt >= RETRY_MS) void system();
    },
    async refresh() {
      const status = await tryJson<Record<string, unknown>>(wire, "/api/ntp/status");
      if (status) ntp(status);
      await system();
      await location();
    },
  };
}
