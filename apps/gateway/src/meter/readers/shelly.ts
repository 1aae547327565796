/**
 * Shelly energy meters (issue 31 §1), the generation told from the answers:
 *   Gen2 and later, triphase profile (Pro 3EM): `GET /rpc/EM.GetStatus?id=0`, `total_act_power`, `a_/b_/c_act_power`;
 *   Gen2 and later, monophase profile (Pro EM, Pro 3EM "monophase"): `GET /rpc/EM1.GetStatus?id=N`, `act_power`;
 *   Gen1 (3EM, EM): `GET /status`, `emeters[].power` summed, or `total_power`.
 * Gen2 asks for Digest (SHA-256, user `admin`), Gen1 for Basic: both are answered from the meter's own 401.
 * `path` may hold a channel number: that EM1 id, or that Gen1 `emeters[]` entry alone (a Pro EM's second clamp may
 * measure something else than the grid).
 */
import type { MeterErrorCode } from "@dtu/api/meter";
import { fail, MeterFailure } from "../failure.ts";
import { HttpAuth, httpGet, httpUrl } from "../httpGet.ts";
import { parseJson, scaled, shown } from "./json.ts";
import type { MeterReader, MeterReading } from "./types.ts";

export interface ShellyOptions {
  url: string;
  /** "" or a channel number. */
  path: string;
  invert: boolean;
  username: string;
  password: string;
  timeoutMs?: number;
}

export type ShellyProfile = "gen2-em" | "gen2-em1" | "gen1";

type Json = Record<string, unknown>;
const num = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);
const obj = (x: unknown): Json | null =>
  x !== null && typeof x === "object" && !Array.isArray(x) ? (x as Json) : null;

/** Power and phases of an EM.GetStatus answer, null when it is not one. */
export function fromEm(json: unknown): { total: number; phases: number[] } | null {
  const o = obj(json);
  const total = num(o?.total_act_power);
  if (!o || total === null) return null;
  const phases = ["a", "b", "c"].map((p) => num(o[`${p}_act_power`]));
  return { total, phases: phases.every((p) => p !== null) ? (phases as number[]) : [] };
}

/** `act_power` of an EM1.GetStatus answer. */
export function fromEm1(json: unknown): number | null {
  return num(obj(json)?.act_power);
}

/** Gen1 `/status`: `emeters[].power` (all, or channel `channel`), else `total_power`. */
export function fromGen1(json: unknown, channel: number | null): { total: number; phases: number[] } | null {
  const o = obj(json);
  const meters = Array.isArray(o?.emeters) ? (o.emeters as unknown[]).map((m) => num(obj(m)?.power)) : null;
  if (meters && meters.length > 0 && meters.every((p) => p !== null)) {
    const phases = meters as number[];
    if (channel !== null) {
      const one = phases[channel];
      return one === undefined ? null : { total: one, phases: [one] };
    }
    return { total: phases.reduce((a, b) => a + b, 0), phases };
  }
  const total = num(o?.total_power);
  return total === null || channel !== null ? null : { total, phases: [] };
}

/** Failures that say "not this generation's path" (so the next is tried), not "the meter is not there". */
const TRY_NEXT: readonly MeterErrorCode[] = ["http_status", "not_json", "not_meter"];

export function shellyReader(opts: ShellyOptions): MeterReader {
  const base = httpUrl(opts.url);
  const auth = new HttpAuth(opts.username === "" ? "admin" : opts.username, opts.password);
  const channel = /^\d{1,2}$/.test(opts.path) ? Number(opts.path) : null;
  let profile: ShellyProfile | null = null;
  const get = async (path: string, signal: AbortSignal): Promise<unknown> => {
    const { body } = await httpGet(new URL(path, base), {
      auth,
      signal,
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    });
    return parseJson(body);
  };
  const readAs = async (
    p: ShellyProfile,
    signal: AbortSignal,
  ): Promise<{ total: number; phases: number[] }> => {
    if (p === "gen2-em") {
      return fromEm(await get("/rpc/EM.GetStatus?id=0", signal)) ?? fail("not_meter", { kind: "shelly" });
    }
    if (p === "gen2-em1") {
      const v = fromEm1(await get(`/rpc/EM1.GetStatus?id=${channel ?? 0}`, signal));
      return v === null ? fail("not_meter", { kind: "shelly" }) : { total: v, phases: [v] };
    }
    return fromGen1(await get("/status", signal), channel) ?? fail("not_meter", { kind: "shelly" });
  };
  /** The first profile whose answer fits, tried in order; a network or auth failure ends the search. */
  const detect = async (signal: AbortSignal): Promise<{ total: number; phases: number[] }> => {
    const order: ShellyProfile[] = channel === null ? ["gen2-em", "gen2-em1", "gen1"] : ["gen2-em1", "gen1"];
    for (const p of order) {
      try {
        const v = await readAs(p, signal);
        profile = p;
        return v;
      } catch (err) {
        if (!(err instanceof MeterFailure) || !TRY_NEXT.includes(err.error.code)) throw err;
      }
    }
    return fail("not_meter", { kind: "shelly" });
  };
  return {
    async read(signal): Promise<MeterReading> {
      let v: { total: number; phases: number[] };
      if (profile === null) v = await detect(signal);
      else {
        try {
          v = await readAs(profile, signal);
        } catch (err) {
          // A different answer than before (the meter was replaced or re-profiled): tell its kind again next time.
          if (err instanceof MeterFailure && TRY_NEXT.includes(err.error.code)) profile = null;
          throw err;
        }
      }
      const sign = (w: number): number => scaled(w, "W", opts.invert);
      return {
        power_w: sign(v.total),
        phases_w: v.phases.length > 0 ? v.phases.map(sign) : null,
        found: shown(v.total),
      };
    },
    close: async () => undefined,
  };
}
