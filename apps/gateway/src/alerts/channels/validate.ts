/**
 * Checks the `channels` part of POST /api/alerts/config before anything is stored (issue 23 §3, §6): every refusal
 * names its field as a dotted path (`channels.webhook.url`) with a message in words. Addresses and URLs are required
 * only while their channel is enabled, but a value that is there is always checked.
 */
import { ALERT_CHANNELS } from "@dtu/api/alerts";

export interface FieldError {
  field: string;
  message: string;
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
type Check = (value: unknown, enabled: boolean) => string | null;

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

const bool: Check = (v) => (typeof v === "boolean" ? null : "must be true or false");

function text(max: number, extra?: (v: string) => string | null, required = false): Check {
  return (v, enabled) => {
    if (typeof v !== "string") return "must be a text";
    if (v.length > max) return `at most ${max} characters`;
    if (CONTROL.test(v)) return "must not contain line breaks or control characters";
    if (v === "") return required && enabled ? "required while the channel is enabled" : null;
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
        return "not a valid URL";
      }
      if (!schemes.includes(parsed.protocol)) {
        return `must start with ${schemes.map((s) => `${s}//`).join(" or ")}`;
      }
      if (parsed.hostname === "") return "has no host";
      if (parsed.username !== "" || parsed.password !== "") {
        return "must not contain a user or password (use the fields for them)";
      }
      return null;
    },
    true,
  );
}

const topicCheck = (v: string): string | null =>
  /[#+\s]/.test(v) ? "must not contain spaces, # or +" : v.endsWith("/") ? null : "must end with /";

const host = text(
  LIMITS.host,
  (v) => (HOSTNAME.test(v) || IPV6.test(v) ? null : "not a valid host name or address"),
  true,
);

function port(v: unknown): string | null {
  return typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 65535
    ? null
    : "must be a whole number from 1 to 65535";
}

const address = text(LIMITS.address, (v) => (ADDRESS.test(v) ? null : "not a valid e-mail address"), true);

const recipients = text(
  LIMITS.address * LIMITS.recipients,
  (v) => {
    const list = v.split(",").map((a) => a.trim());
    if (list.length > LIMITS.recipients) return `at most ${LIMITS.recipients} addresses`;
    const bad = list.find((a) => !ADDRESS.test(a) || a.length > LIMITS.address);
    return bad === undefined ? null : `not a valid e-mail address: ${bad === "" ? "(empty)" : bad}`;
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
      (v) => (/^[-_A-Za-z0-9]+$/.test(v) ? null : "only letters, digits, - and _"),
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
      v === "tls" || v === "starttls" || v === "none" ? null : "must be tls, starttls or none",
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
  if (!isObj(channels)) return { field: "channels", message: "must be an object with the channels" };
  for (const key of Object.keys(channels)) {
    if (!(key in SCHEMA)) return { field: `channels.${key}`, message: "unknown channel" };
  }
  for (const name of ALERT_CHANNELS) {
    const field = `channels.${name}`;
    const value = channels[name];
    if (!isObj(value)) return { field, message: "missing (must be an object)" };
    const schema = SCHEMA[name];
    for (const key of Object.keys(value)) {
      // The view's `*_set` flags may come back unchanged from a GET; they are ignored.
      if (!(key in schema) && !key.endsWith("_set"))
        return { field: `${field}.${key}`, message: "unknown setting" };
    }
    const enabled = value.enabled === true;
    for (const [key, check] of Object.entries(schema)) {
      const message = check(value[key], enabled);
      if (message !== null) return { field: `${field}.${key}`, message };
    }
  }
  return null;
}
