/**
 * A Tasmota reader on the utility meter's optical port (issue 31 §1): `GET /cm?cmnd=Status%2010`, the number at a
 * path inside `StatusSNS` (e.g. `SML.curr_w`); with a second path (OBIS 1.7.0 / 2.7.0 readers give import and
 * export power apart) power = import − export. Tasmota takes its web password as `user`/`password` query parameters.
 */
import { HttpAuth, httpGet, httpUrl } from "../httpGet.ts";
import { parseJson, scaled, shown } from "./json.ts";
import { importMinusExport, type HttpJsonOptions } from "./httpJson.ts";
import type { MeterReader, MeterReading } from "./types.ts";

/** The same settings as an HTTP JSON meter: the path is read inside `StatusSNS`. */
export type TasmotaOptions = HttpJsonOptions;

export const TASMOTA_STATUS = "/cm?cmnd=Status%2010";

export function tasmotaReader(opts: TasmotaOptions): MeterReader {
  const url = new URL(TASMOTA_STATUS, httpUrl(opts.url));
  if (opts.password !== "") {
    url.searchParams.set("user", opts.username === "" ? "admin" : opts.username);
    url.searchParams.set("password", opts.password);
  }
  const auth = new HttpAuth(opts.username, opts.password);
  return {
    async read(signal): Promise<MeterReading> {
      const { body } = await httpGet(url, {
        auth,
        signal,
        ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
      });
      const json = parseJson(body) as { StatusSNS?: unknown } | null;
      const sns = json !== null && typeof json === "object" ? json.StatusSNS : undefined;
      const raw = importMinusExport(sns, opts.path, opts.pathExport, "StatusSNS.");
      return { power_w: scaled(raw, opts.unit, opts.invert), phases_w: null, found: shown(raw) };
    },
    close: async () => undefined,
  };
}
