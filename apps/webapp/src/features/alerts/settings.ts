/**
 * The alert settings as a flat draft (GET/POST /api/alerts/config, packages/api/src/alerts.ts): every control is
 * named by the dotted path of its field (`channels.webhook.url`), the same name the gateway gives a refused field,
 * so a refusal lands at its control. Numbers are kept as typed; secrets start empty (write-only: empty keeps the
 * stored one) and each has a "remove" flag, the explicit way to clear it.
 */
import {
  ALERT_LIMITS,
  ALERT_MAX_MINUTES,
  type AlertConfigPost,
  type AlertConfigView,
  type AlertLanguage,
  type AlertParams,
} from "@dtu/api/alerts";
import type { ApiResult } from "@dtu/api/codes";
import { checkLength, checkNumber, type Problem, type Problems } from "../../components/ui/validation";
import { codeKey } from "./codes";

/** The gateway's own bounds (packages/api/src/alerts.ts), so the form refuses what the gateway would. */
const MAX_MINUTES = ALERT_MAX_MINUTES;

export const MINUTE_RULES = [
  "inverter_silent",
  "weak_string",
  "not_producing",
  "dtu_silent",
  "meter_silent",
  "zeroexport_unreachable",
  "radio",
  "clock",
] as const;
export const RULES = [
  ...MINUTE_RULES,
  "zeroexport_paused",
  "event_log",
  "command_failed",
  "daily_summary",
] as const;
export type Rule = (typeof RULES)[number];
export const SECRETS = [
  "channels.mqtt.password",
  "channels.ntfy.token",
  "channels.webhook.secret",
  "channels.email.password",
] as const;
export type Secret = (typeof SECRETS)[number];

export type AlertTextField =
  | "language"
  | `rules.${(typeof MINUTE_RULES)[number]}.minutes`
  | "rules.weak_string.percent"
  | "rules.event_log.ignore_ids"
  | "channels.mqtt.url"
  | "channels.mqtt.username"
  | "channels.mqtt.topic"
  | "channels.mqtt.hass_prefix"
  | "channels.ntfy.url"
  | "channels.ntfy.topic"
  | "channels.webhook.url"
  | "channels.email.host"
  | "channels.email.port"
  | "channels.email.security"
  | "channels.email.username"
  | "channels.email.from"
  | "channels.email.to"
  | Secret;

export type AlertFlag =
  | `rules.${Rule}.enabled`
  | `channels.${"mqtt" | "ntfy" | "webhook" | "email" | "browser"}.enabled`
  | "channels.mqtt.hass"
  | `${Secret}.clear`;

export type AlertDraft = { [K in AlertTextField]: string } & { [K in AlertFlag]: boolean };

/**
 * The config's values as the form starts with them; secrets empty. While nobody chose the alert language, the page's
 * language is proposed: an owner reading German pages most likely wants German alerts (saving makes it the choice).
 */
export function alertDraft(c: AlertConfigView, pageLanguage: AlertLanguage): AlertDraft {
  const r = c.rules;
  const ch = c.channels;
  const d: Partial<AlertDraft> = {
    language: c.language_set ? c.language : pageLanguage,
    "rules.weak_string.percent": String(r.weak_string.percent),
    "rules.event_log.ignore_ids": r.event_log.ignore_ids.join(", "),
    "channels.mqtt.url": ch.mqtt.url,
    "channels.mqtt.username": ch.mqtt.username,
    "channels.mqtt.topic": ch.mqtt.topic,
    "channels.mqtt.hass_prefix": ch.mqtt.hass_prefix,
    "channels.mqtt.hass": ch.mqtt.hass,
    "channels.ntfy.url": ch.ntfy.url,
    "channels.ntfy.topic": ch.ntfy.topic,
    "channels.webhook.url": ch.webhook.url,
    "channels.email.host": ch.email.host,
    "channels.email.port": String(ch.email.port),
    "channels.email.security": ch.email.security,
    "channels.email.username": ch.email.username,
    "channels.email.from": ch.email.from,
    "channels.email.to": ch.email.to,
  };
  for (const rule of RULES) d[`rules.${rule}.enabled`] = r[rule].enabled;
  for (const rule of MINUTE_RULES) d[`rules.${rule}.minutes`] = String(r[rule].minutes);
  for (const name of ["mqtt", "ntfy", "webhook", "email", "browser"] as const)
    d[`channels.${name}.enabled`] = ch[name].enabled;
  return { ...d, ...secretsCleared() } as AlertDraft;
}

/** Every secret field empty and not marked for removal (the form's start, and after a save). */
export function secretsCleared(): Partial<AlertDraft> {
  const d: Partial<AlertDraft> = {};
  for (const s of SECRETS) {
    d[s] = "";
    d[`${s}.clear`] = false;
  }
  return d;
}

/** Event ids as typed ("1, 2"); undefined when one is not a whole number from 0 to 65535. */
export function parseIds(text: string): number[] | undefined {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const ids = parts.map(Number);
  return ids.every((n) => Number.isInteger(n) && n >= 0 && n <= 65535) ? ids : undefined;
}

/** The checks the form can make itself; the gateway checks the rest (URLs, addresses) and names the field. */
export function validateAlerts(d: AlertDraft): Problems<AlertTextField> {
  const p: Problems<AlertTextField> = {};
  const minutes = { min: 1, max: MAX_MINUTES, integer: true };
  for (const rule of MINUTE_RULES)
    if (d[`rules.${rule}.enabled`])
      p[`rules.${rule}.minutes`] = checkNumber(d[`rules.${rule}.minutes`], minutes);
  if (d["rules.weak_string.enabled"])
    p["rules.weak_string.percent"] = checkNumber(d["rules.weak_string.percent"], {
      min: 1,
      max: 99,
      integer: true,
    });
  if (parseIds(d["rules.event_log.ignore_ids"]) === undefined)
    p["rules.event_log.ignore_ids"] = { key: "alerts.idsInvalid" };
  const required = (on: boolean, v: string, max: number): Problem | undefined =>
    on ? checkLength(v, max, 1) : checkLength(v, max);
  p["channels.mqtt.url"] = required(d["channels.mqtt.enabled"], d["channels.mqtt.url"], ALERT_LIMITS.url);
  p["channels.ntfy.url"] = required(d["channels.ntfy.enabled"], d["channels.ntfy.url"], ALERT_LIMITS.url);
  p["channels.ntfy.topic"] = required(
    d["channels.ntfy.enabled"],
    d["channels.ntfy.topic"],
    ALERT_LIMITS.ntfyTopic,
  );
  p["channels.webhook.url"] = required(
    d["channels.webhook.enabled"],
    d["channels.webhook.url"],
    ALERT_LIMITS.url,
  );
  if (d["channels.email.enabled"]) {
    p["channels.email.host"] = checkLength(d["channels.email.host"], 256, 1);
    p["channels.email.port"] = checkNumber(d["channels.email.port"], { min: 1, max: 65535, integer: true });
  }
  return p;
}

/** A secret for the POST: removed → "", typed → the text, else left out (the stored one stays). */
function secret(d: AlertDraft, s: Secret): { [k: string]: string } {
  const key = s.split(".")[2] as string;
  if (d[`${s}.clear`]) return { [key]: "" };
  return d[s] ? { [key]: d[s] } : {};
}

/** The POST body from a checked draft, over the config as loaded. */
export function alertBody(c: AlertConfigView, d: AlertDraft): AlertConfigPost {
  const num = (v: string, fallback: number) => (v.trim() === "" ? fallback : Number(v));
  const rules = structuredClone(c.rules);
  for (const rule of RULES) rules[rule].enabled = d[`rules.${rule}.enabled`];
  for (const rule of MINUTE_RULES)
    rules[rule].minutes = num(d[`rules.${rule}.minutes`], c.rules[rule].minutes);
  rules.weak_string.percent = num(d["rules.weak_string.percent"], c.rules.weak_string.percent);
  rules.event_log.ignore_ids = parseIds(d["rules.event_log.ignore_ids"]) ?? c.rules.event_log.ignore_ids;
  const ch = c.channels;
  return {
    language: d.language === "de" || d.language === "fr" ? d.language : "en",
    rules,
    channels: {
      mqtt: {
        enabled: d["channels.mqtt.enabled"],
        url: d["channels.mqtt.url"],
        username: d["channels.mqtt.username"],
        topic: d["channels.mqtt.topic"],
        hass: d["channels.mqtt.hass"],
        hass_prefix: d["channels.mqtt.hass_prefix"],
        ...secret(d, "channels.mqtt.password"),
      },
      ntfy: {
        enabled: d["channels.ntfy.enabled"],
        url: d["channels.ntfy.url"],
        topic: d["channels.ntfy.topic"],
        ...secret(d, "channels.ntfy.token"),
      },
      webhook: {
        enabled: d["channels.webhook.enabled"],
        url: d["channels.webhook.url"],
        ...secret(d, "channels.webhook.secret"),
      },
      email: {
        enabled: d["channels.email.enabled"],
        host: d["channels.email.host"],
        port: num(d["channels.email.port"], ch.email.port),
        security:
          d["channels.email.security"] === "tls" || d["channels.email.security"] === "none"
            ? d["channels.email.security"]
            : "starttls",
        username: d["channels.email.username"],
        from: d["channels.email.from"],
        to: d["channels.email.to"],
        ...secret(d, "channels.email.password"),
      },
      browser: { enabled: d["channels.browser.enabled"] },
    },
  };
}

/**
 * The gateway's refusal names its field (`{"type":"warning","message":"…","field":"channels.webhook.url","code":…}`):
 * shown at that control, in the owner's language for a known code, else in the gateway's words.
 */
export function refusedField(r: ApiResult): { field: string; problem: Problem } | undefined {
  const { field, code, params } = r as ApiResult & { field?: unknown; code?: unknown; params?: AlertParams };
  if (r.type === "success" || typeof field !== "string") return undefined;
  // A code this app knows: its own words; else the gateway's (English) message.
  const key = codeKey(code);
  return {
    field,
    problem: key ? { key, params: params ?? {} } : { key: "alerts.refused", params: { message: r.message } },
  };
}
