import { deviceLimits, uiLimits } from "@dtu/api/limits";
import type { NtpConfig, Zones } from "@dtu/api/settings";
import { checkLength, checkNumber, type Problems } from "../../components/ui/validation";

/** Separator of zone name and rule in the dropdown's option value (SEED §4: "part before / after"). */
export const ZONE_SEPARATOR = "---";

export function zoneValue(name: string, rule: string): string {
  return `${name}${ZONE_SEPARATOR}${rule}`;
}

/** Splits an option value into the description (name) and the POSIX rule. */
export function splitZone(value: string): { name: string; rule: string } {
  const i = value.indexOf(ZONE_SEPARATOR);
  return i < 0
    ? { name: value, rule: "" }
    : { name: value.slice(0, i), rule: value.slice(i + ZONE_SEPARATOR.length) };
}

/**
 * Dropdown options sorted by name; the stored zone is kept as an option even when the list lacks it (or has not
 * loaded), so an untouched form posts back what it got.
 */
export function zoneOptions(zones: Zones | undefined, name: string, rule: string): [string, string][] {
  const opts = Object.entries(zones ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([n, r]): [string, string] => [zoneValue(n, r), n]);
  const current = zoneValue(name, rule);
  if (!opts.some(([v]) => v === current)) opts.unshift([current, name]);
  return opts;
}

/**
 * Later firmware (API.md §9.15) has no `ntp_timezone` in the config GET: it takes the zone list from
 * /api/ntp/zones and only the name is posted; otherwise /zones.json and name plus rule.
 */
export function postsRule(c: NtpConfig): boolean {
  return c.ntp_timezone !== undefined;
}

export interface NtpDraft {
  ntp_server: string;
  ntp_timezone_descr: string;
  ntp_timezone: string;
  latitude: string;
  longitude: string;
  sunsettype: string;
}
export type NtpField = Exclude<keyof NtpDraft, "ntp_timezone_descr" | "sunsettype">;

export function ntpDraft(c: NtpConfig, zones?: Zones): NtpDraft {
  return {
    ntp_server: c.ntp_server,
    ntp_timezone_descr: c.ntp_timezone_descr,
    ntp_timezone: c.ntp_timezone ?? zones?.[c.ntp_timezone_descr] ?? "",
    latitude: String(c.latitude),
    longitude: String(c.longitude),
    sunsettype: String(c.sunsettype),
  };
}

/**
 * SEED §5 NTP with the device's own checks (API.md §3.18, §7 rows 2-3): server required and at most 31 characters,
 * the time-zone rule (only where it is posted) required and at most 50 (the device's limit, not the seed's 32: the
 * field is read-only and real rules are longer, e.g. Pacific/Chatham's 39), latitude −90…90, longitude −180…180, any
 * decimal.
 */
export function validateNtp(d: NtpDraft, withRule: boolean): Problems<NtpField> {
  const l = uiLimits.ntp;
  const device = deviceLimits.ntp;
  return {
    ntp_server: checkLength(d.ntp_server, device.server, 1),
    ntp_timezone: withRule ? checkLength(d.ntp_timezone, device.timezone, 1) : undefined,
    latitude: checkNumber(d.latitude, l.latitude),
    longitude: checkNumber(d.longitude, l.longitude),
  };
}

/** API.md §9.0: the GET object with the edits; the rule only where the device wants it (§9.15). */
export function ntpBody(base: NtpConfig, d: NtpDraft): NtpConfig {
  const body: NtpConfig = {
    ...base,
    ntp_server: d.ntp_server,
    ntp_timezone_descr: d.ntp_timezone_descr,
    latitude: Number(d.latitude),
    longitude: Number(d.longitude),
    sunsettype: Number(d.sunsettype),
  };
  if (postsRule(base)) body.ntp_timezone = d.ntp_timezone;
  return body;
}
