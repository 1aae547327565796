/**
 * Valibot schemas of POST /api/alerts/config's checks (issue 30: request bodies parsed with the shared schemas): the
 * alert language, the rules' bounds and every channel's settings. A refusal is the first problem found, in the order
 * the fields are listed here, naming its field as a dotted path (`channels.webhook.url`) with English words and their
 * code (./alerts.ts `AlertCodeParams`): each check carries them in its issue message (`refusalOf` reads them back).
 * The language's and the rules' words name their field; a channel's words do not (the gateway puts the field first).
 * Addresses and URLs are required only while their channel is enabled, but a value that is there is always checked.
 * The limits (`ALERT_LIMITS`) are in ./alerts.ts, which the web app imports without valibot.
 */
import * as v from "valibot";
import {
  ALERT_CHANNELS,
  ALERT_LIMITS,
  ALERT_MAX_IGNORED,
  ALERT_MAX_MINUTES,
  type AlertCode,
  type AlertCodeParams,
  type AlertCoded,
  type AlertLanguage,
  type AlertRules,
} from "./alerts.ts";

/** A refused field: its dotted path, English words, and their code. */
export interface AlertRefusal {
  field: string;
  message: string;
  coded: AlertCoded;
}

/** The issue message of a check: the refusal it stands for, as JSON. */
function says<C extends AlertCode>(
  field: string,
  code: C,
  params: AlertCodeParams[C],
  message: string,
): string {
  return JSON.stringify({ field, message, coded: { code, params } });
}

/** The refusal of a failed parse: its first issue (the schemas are parsed with `abortEarly`). */
export function refusalOf(issues: readonly { message: string }[]): AlertRefusal | null {
  const first = issues[0];
  return first ? (JSON.parse(first.message) as AlertRefusal) : null;
}

// eslint-disable-next-line no-control-regex -- control characters are what these checks refuse
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A practical address check (RFC 5321 sizes, no spaces, quotes or control characters), not the full grammar. */
const ADDRESS =
  /^[^\s@"<>(),;:\\[\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const HOSTNAME =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** An IPv6 address as nodemailer takes it (no brackets). */
const IPV6 = /^[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*$/;

type Field = v.GenericSchema<unknown>;
/** One setting's schema, given its dotted path and whether its channel is enabled. */
type Setting = (field: string, enabled: boolean) => Field;
/** A check of a non-empty text beyond its length and characters: true = fine. */
interface Extra {
  ok: (s: string) => boolean;
  /** The refusal's code, parameters and words for the text found. */
  no: (s: string) => { code: AlertCode; params: AlertCodeParams[AlertCode]; message: string };
}

const fixed =
  <C extends AlertCode>(code: C, params: AlertCodeParams[C], message: string) =>
  () => ({ code, params, message });

const bool: Setting = (field) => v.boolean(says(field, "must_bool", {}, "must be true or false"));

/** A text: a string, at most `max` long, no control characters; then (when not empty) `extras` in order. */
function text(max: number, extras: readonly Extra[] = [], required = false): Setting {
  return (field, enabled) =>
    v.pipe(
      v.string(says(field, "must_text", {}, "must be a text")),
      v.maxLength<string, number, string>(max, says(field, "too_long", { max }, `at most ${max} characters`)),
      v.check<string, string>(
        (s) => !CONTROL.test(s),
        says(field, "control_chars", {}, "must not contain line breaks or control characters"),
      ),
      v.check<string, string>(
        (s) => s !== "" || !(required && enabled),
        says(field, "required", {}, "required while the channel is enabled"),
      ),
      // The first of the extra checks that fails names the problem.
      v.check<string, (issue: v.CheckIssue<string>) => string>(
        (s) => s === "" || extras.every((extra) => extra.ok(s)),
        (issue) => {
          const failed = extras.find((extra) => !extra.ok(issue.input));
          const { code, params, message } =
            failed?.no(issue.input) ?? fixed("must_text", {}, "must be a text")();
          return JSON.stringify({ field, message, coded: { code, params } });
        },
      ),
    );
}

/** A secret: left out or null keeps the stored one, a string replaces it. */
const secret: Setting = (field, enabled) => v.nullish(text(ALERT_LIMITS.secret)(field, enabled));

/** The WHATWG URL parser of every runtime (this package is built without the DOM's or Node's types). */
declare const URL: new (s: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
};

const parsed = (
  s: string,
): { protocol: string; hostname: string; username: string; password: string } | null => {
  try {
    return new URL(s);
  } catch {
    return null;
  }
};

function url(schemes: readonly string[]): Setting {
  const list = schemes.map((s) => `${s}//`);
  return text(
    ALERT_LIMITS.url,
    [
      { ok: (s) => parsed(s) !== null, no: fixed("bad_url", {}, "not a valid URL") },
      {
        ok: (s) => schemes.includes(parsed(s)?.protocol ?? ""),
        no: fixed("url_scheme", { schemes: list.join(", ") }, `must start with ${list.join(" or ")}`),
      },
      { ok: (s) => parsed(s)?.hostname !== "", no: fixed("url_no_host", {}, "has no host") },
      {
        ok: (s) => parsed(s)?.username === "" && parsed(s)?.password === "",
        no: fixed("url_credentials", {}, "must not contain a user or password (use the fields for them)"),
      },
    ],
    true,
  );
}

const topic = text(
  ALERT_LIMITS.topic,
  [
    { ok: (s) => !/[#+\s]/.test(s), no: fixed("topic_chars", {}, "must not contain spaces, # or +") },
    { ok: (s) => s.endsWith("/"), no: fixed("topic_slash", {}, "must end with /") },
  ],
  true,
);

const host = text(
  ALERT_LIMITS.host,
  [
    {
      ok: (s) => HOSTNAME.test(s) || IPV6.test(s),
      no: fixed("bad_host", {}, "not a valid host name or address"),
    },
  ],
  true,
);

const port: Setting = (field) => {
  const no = says(field, "bad_port", {}, "must be a whole number from 1 to 65535");
  return v.pipe(v.number(no), v.integer(no), v.minValue(1, no), v.maxValue(65535, no));
};

const security: Setting = (field) =>
  v.picklist(["tls", "starttls", "none"], says(field, "bad_security", {}, "must be tls, starttls or none"));

const address = text(
  ALERT_LIMITS.address,
  [{ ok: (s) => ADDRESS.test(s), no: fixed("bad_email", {}, "not a valid e-mail address") }],
  true,
);

const addresses = (s: string): string[] => s.split(",").map((a) => a.trim());
const badRecipient = (s: string): string | undefined =>
  addresses(s).find((a) => !ADDRESS.test(a) || a.length > ALERT_LIMITS.address);

const recipients = text(
  ALERT_LIMITS.address * ALERT_LIMITS.recipients,
  [
    {
      ok: (s) => addresses(s).length <= ALERT_LIMITS.recipients,
      no: fixed(
        "too_many_addresses",
        { max: ALERT_LIMITS.recipients },
        `at most ${ALERT_LIMITS.recipients} addresses`,
      ),
    },
    {
      ok: (s) => badRecipient(s) === undefined,
      no: (s) => {
        const bad = badRecipient(s);
        const shown = bad === "" || bad === undefined ? "(empty)" : bad;
        return {
          code: "bad_recipient",
          params: { address: shown },
          message: `not a valid e-mail address: ${shown}`,
        };
      },
    },
  ],
  true,
);

type ChannelName = (typeof ALERT_CHANNELS)[number];

/** Each channel's settings in the order they are checked. */
const SETTINGS: Record<ChannelName, Record<string, Setting>> = {
  mqtt: {
    enabled: bool,
    url: url(["mqtt:", "mqtts:"]),
    username: text(ALERT_LIMITS.username),
    password: secret,
    topic,
    hass: bool,
    hass_prefix: topic,
  },
  ntfy: {
    enabled: bool,
    url: url(["http:", "https:"]),
    topic: text(
      ALERT_LIMITS.ntfyTopic,
      [
        {
          ok: (s) => /^[-_A-Za-z0-9]+$/.test(s),
          no: fixed("ntfy_topic", {}, "only letters, digits, - and _"),
        },
      ],
      true,
    ),
    token: secret,
  },
  webhook: { enabled: bool, url: url(["http:", "https:"]), secret },
  email: {
    enabled: bool,
    host,
    port,
    security,
    username: text(ALERT_LIMITS.username),
    password: secret,
    from: address,
    to: recipients,
  },
  browser: { enabled: bool },
};

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * A missing setting is checked as `undefined` would be (valibot reports a missing key on the object): the words of
 * that setting's first check.
 */
function missing(channel: string, settings: Record<string, Setting>, enabled: boolean) {
  return (issue: v.BaseIssue<unknown>): string => {
    const key = String(issue.path?.at(-1)?.key ?? "");
    const setting = settings[key];
    const field = `${channel}.${key}`;
    if (!setting) return says(field, "not_setting", {}, "unknown setting");
    const result = v.safeParse(setting(field, enabled), undefined, { abortEarly: true });
    return result.issues?.[0]?.message ?? says(field, "not_setting", {}, "unknown setting");
  };
}

/** One channel: an object, no unknown settings (the view's `*_set` flags pass), then each setting in order. */
function channelSchema(name: ChannelName): Field {
  const field = `channels.${name}`;
  const settings = SETTINGS[name];
  const entries = (enabled: boolean): v.ObjectEntries =>
    Object.fromEntries(
      Object.entries(settings).map(([key, make]) => [key, make(`${field}.${key}`, enabled)]),
    );
  const variant = (enabled: boolean) =>
    v.looseObject({ ...entries(enabled), enabled: v.literal(enabled) }, missing(field, settings, enabled));
  return v.pipe(
    v.custom<Record<string, unknown>>(isObject, says(field, "not_object", {}, "missing (must be an object)")),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const unknown = Object.keys(dataset.value).find((key) => !(key in settings) && !key.endsWith("_set"));
      if (unknown !== undefined)
        addIssue({ message: says(`${field}.${unknown}`, "not_setting", {}, "unknown setting") });
    }),
    // `enabled` first (a channel's settings are checked knowing whether it is on), with the words of its check.
    v.variant(
      "enabled",
      [variant(true), variant(false)],
      says(`${field}.enabled`, "must_bool", {}, "must be true or false"),
    ),
  );
}

/** `channels` of the POST after the merge over the stored settings: every channel, each checked in turn. */
export const AlertChannelsPostSchema: Field = v.pipe(
  v.custom<Record<string, unknown>>(
    isObject,
    says("channels", "not_object", {}, "must be an object with the channels"),
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const unknown = Object.keys(dataset.value).find(
      (key) => !(ALERT_CHANNELS as readonly string[]).includes(key),
    );
    if (unknown !== undefined)
      addIssue({ message: says(`channels.${unknown}`, "unknown_channel", {}, "unknown channel") });
  }),
  v.looseObject(Object.fromEntries(ALERT_CHANNELS.map((name) => [name, channelSchema(name)])), (issue) => {
    const field = `channels.${String(issue.path?.at(-1)?.key ?? "")}`;
    return says(field, "not_object", {}, "missing (must be an object)");
  }),
);

const LANGUAGES: readonly AlertLanguage[] = ["en", "de", "fr"];

export const AlertLanguageSchema = v.picklist(
  LANGUAGES,
  says("language", "language", {}, "language must be en, de or fr"),
);

/** A rule's minutes: whole, 1 to a week. */
const minutes = (rule: string) => {
  const field = `rules.${rule}.minutes`;
  const no = says(
    field,
    "minutes_range",
    { max: ALERT_MAX_MINUTES },
    `${field} must be a whole number from 1 to ${ALERT_MAX_MINUTES}`,
  );
  return v.pipe(v.number(no), v.integer(no), v.minValue(1, no), v.maxValue(ALERT_MAX_MINUTES, no));
};

const percentNo = says(
  "rules.weak_string.percent",
  "percent_range",
  {},
  "rules.weak_string.percent must be a whole number from 1 to 99",
);
const idsNo = says(
  "rules.event_log.ignore_ids",
  "ignore_ids",
  { max: ALERT_MAX_IGNORED },
  `rules.event_log.ignore_ids takes at most ${ALERT_MAX_IGNORED} event ids from 0 to 65535`,
);

/**
 * The rules' bounds, after the merge checked their types: every rule with minutes in the order of the settings,
 * then the weak-string percentage and the ignored event ids.
 */
export function alertRulesSchema(rules: AlertRules): Field {
  const withMinutes = Object.entries(rules).filter(([, rule]) => "minutes" in rule);
  return v.pipe(
    v.looseObject(
      Object.fromEntries(withMinutes.map(([name]) => [name, v.looseObject({ minutes: minutes(name) })])),
    ),
    v.check((r) => {
      const p = (r as unknown as AlertRules).weak_string.percent;
      return Number.isInteger(p) && p >= 1 && p <= 99;
    }, percentNo),
    v.check((r) => {
      const ids = (r as unknown as AlertRules).event_log.ignore_ids;
      return ids.length <= ALERT_MAX_IGNORED && ids.every((id) => id >= 0 && id <= 65535);
    }, idsNo),
  );
}

/** The first refusal of `value` under `schema`, or null. */
function firstRefusal(schema: Field, value: unknown): AlertRefusal | null {
  const result = v.safeParse(schema, value, { abortEarly: true });
  return result.success ? null : refusalOf(result.issues);
}

/** `channels` of a POST (after the merge): the first refusal, or null. */
export const checkAlertChannels = (channels: unknown): AlertRefusal | null =>
  firstRefusal(AlertChannelsPostSchema, channels);

/** The language and the rules' bounds (after the merge checked their types): the first refusal, or null. */
export const checkAlertBounds = (language: unknown, rules: AlertRules): AlertRefusal | null =>
  firstRefusal(AlertLanguageSchema, language) ?? firstRefusal(alertRulesSchema(rules), rules);
