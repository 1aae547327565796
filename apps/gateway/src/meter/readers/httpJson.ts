/**
 * Any HTTP JSON URL (issue 31 §1): the number at `path` (`a.b[1].c`), minus the number at `path_export` when given,
 * in W or kW, optionally turned round; Basic auth (sent from the first request on when a user or password is set).
 */
import type { MeterUnit } from "@dtu/api/meter";
import { HttpAuth, httpGet, httpUrl } from "../httpGet.ts";
import { numberAt } from "../jsonPath.ts";
import { parseJson, scaled, shown } from "./json.ts";
import type { MeterReader, MeterReading } from "./types.ts";

export interface HttpJsonOptions {
  url: string;
  path: string;
  pathExport: string;
  unit: MeterUnit;
  invert: boolean;
  username: string;
  password: string;
  timeoutMs?: number;
}

/** The value at `path` minus the one at `pathExport` ("" = none), named by `prefix` in messages. */
export function importMinusExport(json: unknown, path: string, pathExport: string, prefix = ""): number {
  const imported = numberAt(json, path, prefix + path);
  return pathExport === "" ? imported : imported - numberAt(json, pathExport, prefix + pathExport);
}

export function httpJsonReader(opts: HttpJsonOptions): MeterReader {
  const url = httpUrl(opts.url);
  const auth = new HttpAuth(opts.username, opts.password);
  auth.basic = auth.given;
  return {
    async read(signal): Promise<MeterReading> {
      const { body } = await httpGet(url, {
        auth,
        signal,
        ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
      });
      const raw = importMinusExport(parseJson(body), opts.path, opts.pathExport);
      return { power_w: scaled(raw, opts.unit, opts.invert), phases_w: null, found: shown(raw) };
    },
    close: async () => undefined,
  };
}
