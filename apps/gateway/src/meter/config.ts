/**
 * `<data>/meter.json` (issue 31 §4): the meter's settings, written atomically with mode 0600 (it holds the meter's
 * password). The password is write-only: the view says only whether one is set. A POST is merged over the current
 * settings field by field; the first bad field refuses the whole POST with a message naming it, and nothing changes.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  METER_INTERVAL,
  METER_KINDS,
  type MeterConfigView,
  type MeterResult,
  type MeterResultCode,
  type MeterResultParams,
} from "@dtu/api/meter";
import { atomicWrite } from "../storage/atomicWrite.ts";
import { parsePath } from "./jsonPath.ts";
import { METER_FILE } from "../storage/dataFiles.ts";

/** The stored settings: the view's fields with the password itself ("" = none). */
export type MeterConfig = Omit<MeterConfigView, "password_set"> & { password: string };

/** A simulated device reads its simulated house; a real one has no meter until the owner sets one. */
export function defaultMeterConfig(simulated: boolean): MeterConfig {
  return {
    enabled: simulated,
    kind: simulated ? "sim" : "shelly",
    url: "",
    username: "",
    password: "",
    path: "",
    path_export: "",
    unit: "W",
    invert: false,
    interval_ms: METER_INTERVAL.default,
    topic: "",
  };
}

export function viewOf(config: MeterConfig): MeterConfigView {
  const { password, ...rest } = config;
  return { ...rest, password_set: password !== "" };
}

/** A refused field: its name, English words and their code. */
export class FieldError extends Error {
  constructor(readonly result: MeterResult) {
    super(result.message);
  }
}

function refuse<C extends MeterResultCode>(
  field: string,
  code: C,
  params: MeterResultParams[C],
  message: string,
): never {
  throw new FieldError({ type: "danger", message, field, code, params } as MeterResult);
}

const MAX_TEXT = { url: 500, username: 64, password: 128, path: 200, path_export: 200, topic: 200 } as const;
type TextField = keyof typeof MAX_TEXT;

/** Takes one POSTed field onto `out` (type and bounds of that field only). */
function takeField(out: MeterConfig, key: string, value: unknown): void {
  if (key === "password" && value === null) return;
  if (key === "enabled" || key === "invert") {
    if (typeof value !== "boolean")
      refuse(key, "wrong_type", { type: "boolean" }, `${key} must be true or false`);
    out[key] = value;
  } else if (key === "kind") {
    const kinds = METER_KINDS.join(", ");
    if (!METER_KINDS.includes(value as never)) refuse(key, "kind", { kinds }, `kind must be one of ${kinds}`);
    out.kind = value as MeterConfig["kind"];
  } else if (key === "unit") {
    if (value !== "W" && value !== "kW") refuse(key, "unit", {}, "unit must be W or kW");
    out.unit = value;
  } else if (key === "interval_ms") {
    const { min, max } = METER_INTERVAL;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
      refuse(key, "interval_range", { min, max }, `interval_ms must be a whole number from ${min} to ${max}`);
    out.interval_ms = value;
  } else if (key in MAX_TEXT) {
    const max = MAX_TEXT[key as TextField];
    if (typeof value !== "string") refuse(key, "wrong_type", { type: "string" }, `${key} must be a text`);
    if (value.length > max) refuse(key, "too_long", { max }, `${key} must be at most ${max} characters`);
    // eslint-disable-next-line no-control-regex -- a control character could start a new header or log line
    if (/[\u0000-\u001f\u007f]/.test(value))
      refuse(key, "control_chars", {}, `${key} must be one line of text`);
    out[key as TextField] = value;
  } else {
    refuse(key, "unknown_field", {}, `${key.slice(0, 40)} is not a meter setting`);
  }
}

const SCHEMES: Record<MeterConfig["kind"], readonly string[]> = {
  shelly: ["http:", "https:"],
  tasmota: ["http:", "https:"],
  http: ["http:", "https:"],
  mqtt: ["mqtt:", "mqtts:"],
  sim: [],
};

function checkUrl(c: MeterConfig): void {
  const schemes = SCHEMES[c.kind];
  if (c.url === "" || schemes.length === 0) {
    if (c.enabled && schemes.length > 0) refuse("url", "required", {}, `url is needed for a ${c.kind} meter`);
    return;
  }
  let url: URL;
  try {
    url = new URL(c.url);
  } catch {
    return refuse("url", "bad_url", {}, "url is not a URL");
  }
  const list = schemes.map((s) => `${s}//`).join(", ");
  if (!schemes.includes(url.protocol))
    refuse(
      "url",
      "url_scheme",
      { schemes: list },
      `url must start with ${list.replace(/, ([^,]*)$/, " or $1")}`,
    );
  if (url.username !== "" || url.password !== "")
    refuse("url", "url_credentials", {}, "url must not hold credentials: give them as username and password");
  if (url.hostname === "") refuse("url", "bad_url", {}, "url has no host");
}

/** The checks across fields of the merged settings. */
function checkWhole(c: MeterConfig, simulated: boolean): void {
  if (c.kind === "sim" && c.enabled && !simulated)
    refuse("kind", "no_sim", {}, "only a simulated device has a simulated house");
  checkUrl(c);
  for (const key of ["path", "path_export"] as const) {
    if (parsePath(c[key]) === null) refuse(key, "bad_path", {}, `${key} must be a path such as a.b[1].c`);
  }
  if (c.kind === "shelly" && !/^(\d{1,2})?$/.test(c.path))
    refuse("path", "bad_path", {}, "path of a Shelly is empty (all phases) or a channel number");
  if (c.enabled && (c.kind === "tasmota" || c.kind === "http") && c.path === "")
    refuse("path", "required", {}, `path is needed for a ${c.kind} meter`);
  if (c.kind === "mqtt") {
    if (c.enabled && c.topic === "") refuse("topic", "required", {}, "topic is needed for an MQTT meter");
    if (/[#+]/.test(c.topic)) refuse("topic", "bad_topic", {}, "topic must name one topic, without + or #");
  }
}

/** `current` with the POST's `data` merged over it, or a FieldError (the first bad field). */
export function mergePost(current: MeterConfig, data: string | undefined, simulated: boolean): MeterConfig {
  if (data === undefined || data === "") refuse("data", "data_missing", {}, "no data field");
  let post: unknown;
  try {
    post = JSON.parse(data);
  } catch {
    return refuse("data", "data_json", {}, "data is not JSON");
  }
  if (post === null || typeof post !== "object" || Array.isArray(post))
    refuse("data", "data_object", {}, "data must be a JSON object");
  const out = { ...current };
  for (const [key, value] of Object.entries(post)) {
    if (key === "password_set") continue;
    takeField(out, key, value);
  }
  checkWhole(out, simulated);
  return out;
}

/** The stored settings, or the defaults when there is no file or it cannot be used (a broken file is not fatal). */
export async function loadMeterConfig(
  dataDir: string,
  simulated: boolean,
  log: (line: string) => void,
): Promise<MeterConfig> {
  const fallback = defaultMeterConfig(simulated);
  let text: string;
  try {
    text = await readFile(join(dataDir, METER_FILE), "utf8");
  } catch {
    return fallback;
  }
  try {
    return mergePost(fallback, text, simulated);
  } catch (err) {
    log(
      `meter: ${METER_FILE} not used (${err instanceof Error ? err.message : "unreadable"}), defaults apply`,
    );
    return fallback;
  }
}

export async function saveMeterConfig(dataDir: string, config: MeterConfig): Promise<void> {
  // A real device's folder may not exist yet (several devices without history: nothing else wrote there).
  await mkdir(dataDir, { recursive: true });
  await atomicWrite(join(dataDir, METER_FILE), `${JSON.stringify(config, null, 2)}\n`);
}
