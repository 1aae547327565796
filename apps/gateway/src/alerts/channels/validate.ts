/**
 * Checks the `channels` part of POST /api/alerts/config before anything is stored (issue 23 §3, §6): every refusal
 * names its field as a dotted path (`channels.webhook.url`) with a message in words. Addresses and URLs are required
 * only while their channel is enabled, but a value that is there is always checked.
 */
import { ALERT_CHANNELS, type AlertCode, type AlertCodeParams, type AlertCoded } from "@dtu/api/alerts";
import { coded } from "../codes.ts";

/** A refusal: English words and their code (packages/api/src/alerts.ts AlertCodeParams). */
export interface Refusal {
  message: string;
  coded: AlertCoded;
}

export interface FieldError extends Refusal {
  field: string;
}

function no<C extends AlertCode>(code: C, params: AlertCodeParams[C], message: string): Refusal {
  return { message, coded: coded(code, params) };
}

export const LIMITS = {
  url: 512,
  secret: 256,
  username: 128,
  host: 253,
  topic: 128,
  /** ntfy's own topic rule: letters, digits, `_` and `-`, at most 64. */
  ntfyTopic: 64,
  address: 254,
  recipients: 10,
} as const;

type Obj = Record<string, unknown>;
type Check = (value: unknown, enabled: boolean) => Refusal | null;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

// eslint-disable-next-line no-control-regex -- control characters are what these checks refuse
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A practical address check (RFC 5321 sizes, no spaces, quotes or control characters), not the full grammar. */
const ADDRESS =
  /^[^\s@"<>(),;:\\[\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const HOSTNAME =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** An IPv6 address as nodemailer takes it (no brackets). */
const IPV6 = /^[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*$/;

const bool: Check = (v) => (typeof v === "boolean" ? null : no("must_bool", {}, "must be true or false"));

function text(max: number, extra?: (v: string) => Refusal | null, required = false): Check {
  return (v, enabled) => {
    if (typeof v !== "string") return no("must_text", {}, "must be a text");
    if (v.length > max) return no("too_long", { max }, `at most ${max} characters`);
    if (CONTROL.test(v)) return no("control_chars", {}, "must not contain line breaks or control characters");
    if (v === "")
      return required && enabled ? no("required", {}, "required while the channel is enabled") : null;
    return extra ? extra(v) : null;
  };
}

/** A secret: left out or null keeps the stored one, a string replaces it. */
const secret: Check = (v, enabled) =>
  v === undefined || v === null ? null : text(LIMITS.secret)(v, enabled);

function url(schemes: readonly string[]): Check {
  return text(
    LIMITS.url,
    (v) => {
      let parsed: URL;
      try {
        parsed = new URL(v);
      } catch {
        return no("bad_url", {}, "not a valid URL");
      }
      if (!schemes.includes(parsed.protocol)) {
        const list = schemes.map((s) => `${s}//`);
        return no("url_scheme", { schemes: list.join(", ") }, `must start with ${list.join(" or ")}`);
      }
      if (parsed.hostname === "") return no("url_no_host", {}, "has no host");
      if (parsed.username !== "" || parsed.password !== "") {
        return no("url_credentials", {}, "must not contain a user or password (use the fields for them)");
      }
      return null;
    },
    true,
  );
}

const topicCheck = (v: string): Refusal | null =>
  /[#+\s]/.test(v)
    ? no("topic_chars", {}, "must not contain spaces, # or +")
    : v.endsWith("/")
      ? null
      : no("topic_slash", {}, "must end with /");

const host = text(
  LIMITS.host,
  (v) => (HOSTNAME.test(v) || IPV6.test(v) ? null : no("bad_host", {}, "not a valid host name or address")),
  true,
);

function port(v: unknown): Refusal | null {
  return typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 65535
    ? null
    : no("bad_port", {}, "must be a whole number from 1 to 65535");
}

const address = text(
  LIMITS.address,
  (v) => (ADDRESS.test(v) ? null : no("bad_email", {}, "not a valid e-mail address")),
  true,
);

const recipients = text(
  LIMITS.address * LIMITS.recipients,
  (v) => {
    const list = v.split(",").map((a) => a.trim());
    if (list.length > LIMITS.recipients)
      return no("too_many_addresses", { max: LIMITS.recipients }, `at most ${LIMITS.recipients} addresses`);
    const bad = list.find((a) => !ADDRESS.test(a) || a.length > LIMITS.address);
    if (bad === undefined) return null;
    const shown = bad === "" ? "(empty)" : bad;
    return no("bad_recipient", { address: shown }, `not a valid e-mail address: ${shown}`);
  },
  true,
);

const SCHEMA: Record<(typeof ALERT_CHANNELS)[number], Record<string, Check>> = {
  mqtt: {
    enabled: bool,
    url: url(["mqtt:", "mqtts:"]),
    username: text(LIMITS.username),
    password: secret,
    topic: text(LIMITS.topic, topicCheck, true),
    hass: bool,
    hass_prefix: text(LIMITS.topic, topicCheck, true),
  },
  ntfy: {
    enabled: bool,
    url: url(["http:", "https:"]),
    topic: text(
      LIMITS.ntfyTopic,
      (v) => (/^[-_A-Za-z0-9]+$/.test(v) ? null : no("ntfy_topic", {}, "only letters, digits, - and _")),
      true,
    ),
    token: secret,
  },
  webhook: { enabled: bool, url: url(["http:", "https:"]), secret },
  email: {
    enabled: bool,
    host,
    port: (v) => port(v),
    security: (v) =>
      v === "tls" || v === "starttls" || v === "none"
        ? null
        : no("bad_security", {}, "must be tls, starttls or none"),
    username: text(LIMITS.username),
    password: secret,
    from: address,
    to: recipients,
  },
  browser: { enabled: bool },
};

/**
 * Validates `post.channels` of an alert config POST (pass the `channels` value). Returns the first refusal, or null
 * when every channel is acceptable. Unknown keys are refused too, so a typo does not silently do nothing.
 */
export function validateChannels(channels: unknown): FieldError | null {
  if (!isObj(channels))
    return { field: "channels", ...no("not_object", {}, "must be an object with the channels") };
  for (const key of Object.keys(channels)) {
    if (!(key in SCHEMA))
      return { field: `channels.${key}`, ...no("unknown_channel", {}, "unknown channel") };
  }
  for (const name of ALERT_CHANNELS) {
    const field = `channels.${name}`;
    const value = channels[name];
    if (!isObj(value)) return { field, ...no("not_object", {}, "missing (must be an object)") };
    const schema = SCHEMA[name];
    for (const key of Object.keys(value)) {
      // The view's `*_set` flags may come back unchanged from a GET; they are ignored.
      if (!(key in schema) && !key.endsWith("_set"))
        return { field: `${field}.${key}`, ...no("not_setting", {}, "unknown setting") };
    }
    const enabled = value.enabled === true;
    for (const [key, check] of Object.entries(schema)) {
      const refused = check(value[key], enabled);
      if (refused !== null) return { field: `${field}.${key}`, ...refused };
    }
  }
  return null;
}
