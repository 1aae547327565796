/**
 * What a restore file holds, read in the browser before anything is sent (issue 11 item 1): it must parse and look
 * like the file it replaces — config.json in the firmware's structure with `cfg.version` (API.md §5.2), or
 * pin_mapping.json, an array of named profiles (§5.3).
 */

export type BackupKind = "config.json" | "pin_mapping.json";

/**
 * Why a file is refused (its text key): not JSON, the other kind of file (`kind`: the one it is), or
 * neither (`kind`: the target).
 */
export interface Refusal {
  reason: "config.reasonBadJson" | "config.reasonWrong" | "config.reasonOther";
  kind?: BackupKind;
}

/** The lines of the summary; absent ones are not shown for that kind. */
export interface BackupSummary {
  hostname?: string;
  ssid?: string;
  inverters?: string[];
  /** MQTT server name, or null when MQTT is off. */
  mqtt?: string | null;
  dtuSerial?: string;
  profiles?: string[];
}

/** A stored serial (integer value, API.md §5.2) in its printed form: upper 32 bits %x, lower 32 bits %08x (§1). */
export function serialToHex(n: number): string {
  const hi = Math.floor(n / 2 ** 32);
  return (hi ? hi.toString(16) : "") + (n % 2 ** 32).toString(16).padStart(hi ? 8 : 1, "0");
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === "string" ? v : "");

function looksLikeConfig(v: unknown): v is Obj {
  if (!isObj(v) || !isObj(v.cfg)) return false;
  const version = v.cfg.version;
  // The firmware's sections, where present, have the firmware's types (API.md §5.2).
  const shaped =
    (v.wifi === undefined || isObj(v.wifi)) &&
    (v.dtu === undefined || isObj(v.dtu)) &&
    (v.inverters === undefined || Array.isArray(v.inverters));
  return typeof version === "number" && Number.isInteger(version) && version > 0 && shaped;
}

function looksLikePins(v: unknown): v is Obj[] {
  return Array.isArray(v) && v.every((p) => isObj(p) && typeof p.name === "string" && p.name !== "");
}

function summarizeConfig(c: Obj): BackupSummary {
  const wifi = isObj(c.wifi) ? c.wifi : {};
  const mqtt = isObj(c.mqtt) ? c.mqtt : {};
  const dtu = isObj(c.dtu) ? c.dtu : {};
  const slots = Array.isArray(c.inverters) ? c.inverters.filter(isObj) : [];
  return {
    hostname: text(wifi.hostname),
    ssid: text(wifi.ssid),
    // Empty slots keep serial 0 (API.md §5.2).
    inverters: slots.filter((s) => typeof s.serial === "number" && s.serial > 0).map((s) => text(s.name)),
    mqtt: mqtt.enabled === true ? text(mqtt.hostname) : null,
    dtuSerial: typeof dtu.serial === "number" ? serialToHex(dtu.serial) : "",
  };
}

/** Checks a file's text against the target it is to replace; the summary when it fits, else why not. */
export function inspectBackup(
  target: BackupKind,
  content: string,
): { ok: true; summary: BackupSummary } | ({ ok: false } & Refusal) {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    return { ok: false, reason: "config.reasonBadJson" };
  }
  if (target === "config.json") {
    if (looksLikeConfig(v)) return { ok: true, summary: summarizeConfig(v) };
    return looksLikePins(v)
      ? { ok: false, reason: "config.reasonWrong", kind: "pin_mapping.json" }
      : { ok: false, reason: "config.reasonOther", kind: target };
  }
  if (looksLikePins(v)) return { ok: true, summary: { profiles: v.map((p) => text(p.name)) } };
  return looksLikeConfig(v)
    ? { ok: false, reason: "config.reasonWrong", kind: "config.json" }
    : { ok: false, reason: "config.reasonOther", kind: target };
}

/** The summary of what the device holds now (its own file, fetched by the caller); empty when it has none. */
export function currentSummary(target: BackupKind, content: string | null): BackupSummary {
  if (content === null) return target === "config.json" ? {} : { profiles: [] };
  const r = inspectBackup(target, content);
  return r.ok ? r.summary : {};
}
