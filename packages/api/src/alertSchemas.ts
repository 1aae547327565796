/**
 * Valibot schemas of the alert answers (types in ./alerts.ts), for tests and run-time checks; apart from alerts.ts so
 * the web app can import the types without valibot. `satisfies` ties each schema to its type: a drift fails to
 * compile.
 */
import * as v from "valibot";
import type { AlertConfigView, AlertList, AlertResult, AlertTestResult } from "./alerts.ts";

const Channel = v.picklist(["mqtt", "ntfy", "webhook", "email", "browser"]);
const Kind = v.picklist([
  "inverter_silent",
  "weak_string",
  "not_producing",
  "event_log",
  "dtu_silent",
  "radio",
  "clock",
  "command_failed",
]);

export const AlertSchema = v.object({
  id: v.number(),
  kind: Kind,
  severity: v.picklist(["critical", "warning", "info"]),
  serial: v.nullable(v.string()),
  name: v.string(),
  channel: v.nullable(v.number()),
  title: v.string(),
  detail: v.string(),
  started: v.number(),
  cleared: v.nullable(v.number()),
  acknowledged: v.boolean(),
  deliveries: v.array(
    v.object({ channel: Channel, at: v.number(), ok: v.boolean(), error: v.nullable(v.string()) }),
  ),
});

export const AlertListSchema = v.object({
  alerts: v.array(AlertSchema),
  storage: v.picklist(["database", "memory"]),
  problem: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, AlertList>;

const onOff = { enabled: v.boolean() };
const minutes = { ...onOff, minutes: v.number() };

export const AlertConfigViewSchema = v.object({
  language: v.picklist(["en", "de", "fr"]),
  rules: v.object({
    inverter_silent: v.object(minutes),
    weak_string: v.object({ ...minutes, percent: v.number() }),
    not_producing: v.object(minutes),
    event_log: v.object({ ...onOff, ignore_ids: v.array(v.number()) }),
    dtu_silent: v.object(minutes),
    radio: v.object(minutes),
    clock: v.object(minutes),
    command_failed: v.object(onOff),
    daily_summary: v.object(onOff),
  }),
  channels: v.object({
    mqtt: v.object({
      ...onOff,
      url: v.string(),
      username: v.string(),
      password_set: v.boolean(),
      topic: v.string(),
      hass: v.boolean(),
      hass_prefix: v.string(),
    }),
    ntfy: v.object({ ...onOff, url: v.string(), topic: v.string(), token_set: v.boolean() }),
    webhook: v.object({ ...onOff, url: v.string(), secret_set: v.boolean() }),
    email: v.object({
      ...onOff,
      host: v.string(),
      port: v.number(),
      security: v.picklist(["tls", "starttls", "none"]),
      username: v.string(),
      password_set: v.boolean(),
      from: v.string(),
      to: v.string(),
    }),
    browser: v.object(onOff),
  }),
}) satisfies v.GenericSchema<unknown, AlertConfigView>;

export const AlertResultSchema = v.object({
  type: v.picklist(["success", "warning", "danger"]),
  message: v.string(),
  field: v.optional(v.string()),
}) satisfies v.GenericSchema<unknown, AlertResult>;

export const AlertTestResultSchema = v.object({
  results: v.array(v.object({ channel: Channel, ok: v.boolean(), error: v.nullable(v.string()) })),
}) satisfies v.GenericSchema<unknown, AlertTestResult>;
