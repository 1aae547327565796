/**
 * Settings > Meter as a flat draft (GET/POST /api/meter/config, packages/api/src/meter.ts): each control is named
 * by its field, the same name the gateway gives a refused field, so a refusal lands at its control. The password is
 * write-only: it starts empty (empty keeps the stored one), "remove" is the explicit way to clear it.
 */
import {
  METER_INTERVAL,
  METER_KINDS,
  type MeterConfigPost,
  type MeterConfigView,
  type MeterKind,
} from "@dtu/api/meter";
import { checkLength, checkNumber, type Problems } from "../../components/ui/validation";

export interface MeterDraft {
  enabled: boolean;
  kind: string;
  url: string;
  username: string;
  password: string;
  passwordClear: boolean;
  path: string;
  path_export: string;
  unit: string;
  invert: boolean;
  interval_ms: string;
  topic: string;
}
export type MeterTextField =
  "url" | "username" | "password" | "path" | "path_export" | "interval_ms" | "topic";

/** Which settings a kind of meter uses (apps/gateway/src/meter/README.md "Settings per kind"). */
export function fieldsOf(kind: string) {
  const remote = kind !== "sim";
  const pathed = kind === "tasmota" || kind === "http" || kind === "mqtt";
  return {
    url: remote,
    credentials: remote,
    path: remote,
    pathExport: kind === "tasmota" || kind === "http",
    unit: pathed,
    invert: remote,
    topic: kind === "mqtt",
  };
}

export function meterDraft(c: MeterConfigView): MeterDraft {
  return {
    enabled: c.enabled,
    kind: c.kind,
    url: c.url,
    username: c.username,
    password: "",
    passwordClear: false,
    path: c.path,
    path_export: c.path_export,
    unit: c.unit,
    invert: c.invert,
    interval_ms: String(c.interval_ms),
    topic: c.topic,
  };
}

/** The checks the form can make itself; the gateway checks the rest (addresses, paths, topics) and names the field. */
export function validateMeter(d: MeterDraft): Problems<MeterTextField> {
  const p: Problems<MeterTextField> = {};
  p.interval_ms = checkNumber(d.interval_ms, {
    min: METER_INTERVAL.min,
    max: METER_INTERVAL.max,
    integer: true,
  });
  if (d.enabled && fieldsOf(d.kind).url) p.url = checkLength(d.url.trim(), 256, 1);
  if (d.enabled && fieldsOf(d.kind).topic) p.topic = checkLength(d.topic.trim(), 256, 1);
  return p;
}

const isKind = (k: string): k is MeterKind => (METER_KINDS as readonly string[]).includes(k);

/** The POST body from a checked draft: every field, the password only when typed or removed. */
export function meterBody(d: MeterDraft): MeterConfigPost {
  const body: MeterConfigPost = {
    enabled: d.enabled,
    url: d.url.trim(),
    username: d.username,
    path: d.path.trim(),
    path_export: d.path_export.trim(),
    unit: d.unit === "kW" ? "kW" : "W",
    invert: d.invert,
    interval_ms: Number(d.interval_ms),
    topic: d.topic.trim(),
  };
  if (isKind(d.kind)) body.kind = d.kind;
  if (d.passwordClear) body.password = "";
  else if (d.password !== "") body.password = d.password;
  return body;
}
