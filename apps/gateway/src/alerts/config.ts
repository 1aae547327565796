/**
 * `<data>/alerts.json` (issue 23 §3): the rules, the channels and the alert language. Written atomically with mode
 * 0600 (it holds the channel secrets); the secrets are write-only: the view the API returns says only whether one is
 * set. A POST is merged over the current settings field by field; the first bad field refuses the whole POST with a
 * message naming it, and nothing changes.
 *
 * Whether anyone chose the alert language is kept too (`language_set`): the file holds a `language` only once a POST
 * gave one, so the web app can propose the page's language to an owner who never chose (the default `en` applies
 * meanwhile).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type AlertCode,
  type AlertCodeParams,
  type AlertCoded,
  type AlertChannelsView,
  type AlertConfigPost,
  type AlertConfigView,
  type AlertLanguage,
  type AlertRules,
} from "@dtu/api/alerts";
import { checkAlertBounds } from "@dtu/api/alertPostSchemas";
import { atomicWrite } from "../storage/atomicWrite.ts";
import { validateChannels } from "./channels/index.ts";
import { coded } from "./codes.ts";
import { ALERTS_FILE } from "../storage/dataFiles.ts";

/** The stored settings: the POST's shape with every secret as a string ("" = none). */
export interface AlertConfig {
  language: AlertLanguage;
  /** A POST gave the language (not stored as such: the file has a `language` only then). */
  language_set: boolean;
  rules: AlertRules;
  channels: {
    mqtt: Omit<AlertChannelsView["mqtt"], "password_set"> & { password: string };
    ntfy: Omit<AlertChannelsView["ntfy"], "token_set"> & { token: string };
    webhook: Omit<AlertChannelsView["webhook"], "secret_set"> & { secret: string };
    email: Omit<AlertChannelsView["email"], "password_set"> & { password: string };
    browser: AlertChannelsView["browser"];
  };
}

export { ALERTS_FILE };

export function defaultAlertConfig(): AlertConfig {
  return {
    language: "en",
    language_set: false,
    rules: {
      inverter_silent: { enabled: true, minutes: 30 },
      weak_string: { enabled: true, minutes: 60, percent: 60 },
      not_producing: { enabled: true, minutes: 30 },
      // 1 "Inverter start" and 2 "Time calibration" are in every morning's log (API.md §4.6).
      event_log: { enabled: true, ignore_ids: [1, 2] },
      dtu_silent: { enabled: true, minutes: 10 },
      meter_silent: { enabled: true, minutes: 10 },
      // The controller holds nothing while paused or without the DTU: the owner hears of it soon.
      zeroexport_paused: { enabled: true },
      zeroexport_unreachable: { enabled: true, minutes: 1 },
      radio: { enabled: true, minutes: 10 },
      clock: { enabled: true, minutes: 60 },
      command_failed: { enabled: true },
      daily_summary: { enabled: false },
    },
    channels: {
      mqtt: {
        enabled: false,
        url: "",
        username: "",
        password: "",
        topic: "solar/",
        hass: true,
        hass_prefix: "homeassistant/",
      },
      ntfy: { enabled: false, url: "https://ntfy.sh", topic: "", token: "" },
      webhook: { enabled: false, url: "", secret: "" },
      email: {
        enabled: false,
        host: "",
        port: 587,
        security: "starttls",
        username: "",
        password: "",
        from: "",
        to: "",
      },
      browser: { enabled: true },
    },
  };
}

/** Secret field per channel and its flag in the view. */
const SECRETS = { mqtt: "password", ntfy: "token", webhook: "secret", email: "password" } as const;

export function viewOf(config: AlertConfig): AlertConfigView {
  const c = config.channels;
  const { password: mqttPassword, ...mqtt } = c.mqtt;
  const { token, ...ntfy } = c.ntfy;
  const { secret, ...webhook } = c.webhook;
  const { password: emailPassword, ...email } = c.email;
  return {
    language: config.language,
    language_set: config.language_set,
    rules: structuredClone(config.rules),
    channels: {
      mqtt: { ...mqtt, password_set: mqttPassword !== "" },
      ntfy: { ...ntfy, token_set: token !== "" },
      webhook: { ...webhook, secret_set: secret !== "" },
      email: { ...email, password_set: emailPassword !== "" },
      browser: { ...c.browser },
    },
  };
}

/** A refused field: its dotted path, English words, and their code (packages/api/src/alerts.ts). */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly coded: AlertCoded,
  ) {
    super(message);
  }
}

function refuse<C extends AlertCode>(
  field: string,
  code: C,
  params: AlertCodeParams[C],
  message: string,
): never {
  throw new FieldError(field, message, coded(code, params));
}

/** A bound for any text before the checks of its field (the longest, a list of recipients, stays under it). */
const MAX_TEXT = 4096;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * Merges `post` over `template` (a copy of the current settings): every key must exist there and have its type.
 * A secret given as null (or the view's `*_set` flags) keeps what is stored.
 */
function merge(template: Json, post: Json, path: string): Json {
  if (Array.isArray(template)) {
    if (!Array.isArray(post) || !post.every((x) => typeof x === "number" && Number.isInteger(x)))
      refuse(path, "not_list", {}, `${path} must be a list of whole numbers`);
    return post;
  }
  if (template !== null && typeof template === "object") {
    if (post === null || typeof post !== "object" || Array.isArray(post))
      refuse(path, "not_object", {}, `${path} must be an object`);
    const out: { [k: string]: Json } = { ...template };
    for (const [key, value] of Object.entries(post)) {
      const field = path ? `${path}.${key}` : key;
      // The view's flags, posted back with it, are not settings.
      if (/_set$/.test(key) && (path.startsWith("channels.") || field === "language_set")) continue;
      if (!Object.hasOwn(template, key)) refuse(field, "not_setting", {}, `${field} is not a setting`);
      if (value === null && Object.values(SECRETS).includes(key as never) && path.startsWith("channels."))
        continue;
      out[key] = merge(template[key] ?? null, value, field);
    }
    return out;
  }
  if (typeof post !== typeof template)
    refuse(path, "wrong_type", { type: typeof template }, `${path} must be a ${typeof template}`);
  if (typeof post === "number" && !Number.isFinite(post))
    refuse(path, "not_number", {}, `${path} must be a number`);
  if (typeof post === "string" && post.length > MAX_TEXT)
    refuse(path, "too_long", { max: MAX_TEXT }, `${path} is longer than ${MAX_TEXT} characters`);
  return post;
}

/** The new settings, or a FieldError naming the first bad field. */
export function applyPost(current: AlertConfig, post: unknown): AlertConfig {
  if (post === null || typeof post !== "object" || Array.isArray(post))
    refuse("data", "data_object", {}, "data must be a JSON object");
  const { language_set: chosen, ...settings } = current;
  const merged = merge(
    structuredClone(settings) as unknown as Json,
    post as Json,
    "",
  ) as unknown as AlertConfig;
  const next = { ...merged, language_set: chosen || Object.hasOwn(post, "language") };
  // The language and the rules' bounds (packages/api/src/alertPostSchemas.ts).
  const outOfBounds = checkAlertBounds(next.language, next.rules);
  if (outOfBounds) throw new FieldError(outOfBounds.field, outOfBounds.message, outOfBounds.coded);
  // The channels' own checks (URL schemes, addresses, control characters, required while enabled).
  const refused = validateChannels(next.channels);
  if (refused) throw new FieldError(refused.field, `${refused.field} ${refused.message}`, refused.coded);
  return next;
}

export type { AlertConfigPost };

export async function loadAlertConfig(dataDir: string, log: (line: string) => void): Promise<AlertConfig> {
  const file = join(dataDir, ALERTS_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return defaultAlertConfig();
  }
  try {
    // Older files lack newer settings: merged over the defaults, so they get them.
    return applyPost(defaultAlertConfig(), JSON.parse(text));
  } catch (err) {
    const why = err instanceof FieldError ? err.message : "not valid JSON";
    log(`Alerts: ${ALERTS_FILE} not used (${why}); the defaults apply until the next save`);
    return defaultAlertConfig();
  }
}

export async function saveAlertConfig(dataDir: string, config: AlertConfig): Promise<void> {
  // A language nobody chose is left out, so it stays unchosen after a restart.
  const { language_set, language, ...settings } = config;
  const stored = language_set ? { language, ...settings } : settings;
  await atomicWrite(join(dataDir, ALERTS_FILE), `${JSON.stringify(stored, null, 2)}\n`);
}
