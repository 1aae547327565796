/** validateChannels: every refusal names its field as a dotted path; a sound config passes. */
import { describe, expect, it } from "vitest";
import { ALERT_LIMITS, type AlertConfigPost } from "@dtu/api/alerts";
import { validateChannels } from "../../../src/alerts/channels/index.ts";

const good = (): AlertConfigPost["channels"] => ({
  mqtt: {
    enabled: true,
    url: "mqtts://broker.example.org:8883",
    username: "dtu",
    password: "pw",
    topic: "solar/",
    hass: true,
    hass_prefix: "homeassistant/",
  },
  ntfy: { enabled: true, url: "https://ntfy.sh", topic: "my-solar_alerts", token: null },
  webhook: { enabled: true, url: "http://192.168.1.20:8123/api/webhook/dtu", secret: "s3cret" },
  email: {
    enabled: true,
    host: "smtp.example.org",
    port: 587,
    security: "starttls",
    username: "me@example.org",
    from: "dtu@example.org",
    to: "me@example.org, partner@example.org",
  },
  browser: { enabled: true },
});

const DELETE = Symbol("delete");

/** Applies a change to a fresh good config and validates the result. */
function check(change: (c: Record<string, Record<string, unknown>>) => void) {
  const config = good() as unknown as Record<string, Record<string, unknown>>;
  change(config);
  return validateChannels(config);
}

describe("validateChannels", () => {
  it("accepts a sound config, disabled channels with empty addresses, and the view's *_set flags", () => {
    expect(validateChannels(good())).toBeNull();
    expect(
      check((c) => {
        c["webhook"] = { enabled: false, url: "", secret_set: true };
        c["ntfy"] = { enabled: false, url: "", topic: "", token: undefined };
      }),
    ).toBeNull();
    expect(check((c) => (c["email"]!["host"] = "::1"))).toBeNull();
  });

  it.each<[string, string, string | null, unknown, string]>([
    ["channels.webhook.url", "webhook", "url", "ftp://x.org/", "url_scheme"],
    ["channels.webhook.url", "webhook", "url", "javascript:alert(1)", "url_scheme"],
    ["channels.webhook.url", "webhook", "url", "file:///etc/passwd", "url_scheme"],
    ["channels.webhook.url", "webhook", "url", "https://user:pw@example.org/", "url_credentials"],
    ["channels.webhook.url", "webhook", "url", "", "required"],
    ["channels.webhook.url", "webhook", "url", `https://example.org/${"a".repeat(600)}`, "too_long"],
    ["channels.webhook.url", "webhook", "url", "https://example.org/\r\nX: y", "control_chars"],
    ["channels.webhook.secret", "webhook", "secret", 42, "must_text"],
    ["channels.ntfy.url", "ntfy", "url", "not a url", "bad_url"],
    ["channels.ntfy.topic", "ntfy", "topic", "a/b", "ntfy_topic"],
    ["channels.ntfy.topic", "ntfy", "topic", "x".repeat(65), "too_long"],
    ["channels.ntfy.token", "ntfy", "token", "t".repeat(300), "too_long"],
    ["channels.mqtt.url", "mqtt", "url", "http://broker:1883", "url_scheme"],
    ["channels.mqtt.topic", "mqtt", "topic", "solar", "topic_slash"],
    ["channels.mqtt.topic", "mqtt", "topic", "solar/#/", "topic_chars"],
    ["channels.mqtt.hass_prefix", "mqtt", "hass_prefix", "home assistant/", "topic_chars"],
    ["channels.mqtt.hass", "mqtt", "hass", "yes", "must_bool"],
    ["channels.email.host", "email", "host", "smtp example.org", "bad_host"],
    ["channels.email.port", "email", "port", 0, "bad_port"],
    ["channels.email.port", "email", "port", 70000, "bad_port"],
    ["channels.email.port", "email", "port", "587", "bad_port"],
    ["channels.email.security", "email", "security", "ssl", "bad_security"],
    ["channels.email.from", "email", "from", "dtu.example.org", "bad_email"],
    ["channels.email.from", "email", "from", "dtu@example.org\r\nBcc: x@y.z", "control_chars"],
    ["channels.email.to", "email", "to", "a@example.org, not-an-address", "bad_recipient"],
    ["channels.email.to", "email", "to", "a@example.org,", "bad_recipient"],
    ["channels.email.to", "email", "to", Array(11).fill("a@example.org").join(","), "too_many_addresses"],
    ["channels.email.username", "email", "username", "u\nv", "control_chars"],
    ["channels.browser.enabled", "browser", "enabled", 1, "must_bool"],
    ["channels.browser", "browser", null, DELETE, "not_object"],
    ["channels.sms", "sms", null, { enabled: true }, "unknown_channel"],
    ["channels.webhook.headers", "webhook", "headers", {}, "not_setting"],
  ])("refuses %s (case %#) with its code", (field, channel, key, value, code) => {
    const refusal = check((c) => {
      if (key === null && value === DELETE) delete c[channel];
      else if (key === null) c[channel] = value as Record<string, unknown>;
      else (c[channel] ??= {})[key] = value;
    });
    expect(refusal?.field).toBe(field);
    expect(refusal?.message.length).toBeGreaterThan(5);
    expect(refusal?.coded.code).toBe(code);
  });

  it("refuses what is not an object at all", () => {
    expect(validateChannels(null)).toEqual({
      field: "channels",
      message: "must be an object with the channels",
      coded: { code: "not_object", params: {} },
    });
    expect(validateChannels([])).toMatchObject({ field: "channels" });
  });

  it("takes a URL up to the limit the web app's form holds to, and names the limit past it", () => {
    const url = (length: number) => `https://example.org/${"a".repeat(length - 20)}`;
    expect(check((c) => (c["webhook"]!["url"] = url(ALERT_LIMITS.url)))).toBeNull();
    expect(check((c) => (c["webhook"]!["url"] = url(ALERT_LIMITS.url + 1)))).toEqual({
      field: "channels.webhook.url",
      message: `at most ${ALERT_LIMITS.url} characters`,
      coded: { code: "too_long", params: { max: ALERT_LIMITS.url } },
    });
  });

  it("names the problem in words", () => {
    expect(check((c) => (c["webhook"]!["url"] = "ftp://x.org/"))?.message).toBe(
      "must start with http:// or https://",
    );
    expect(check((c) => (c["email"]!["to"] = "a@example.org, nope"))?.message).toBe(
      "not a valid e-mail address: nope",
    );
  });
});
