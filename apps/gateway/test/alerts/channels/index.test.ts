/** createChannels: only the enabled channels, in order; one that cannot be set up fails its sends, not the others. */
import { describe, expect, it } from "vitest";
import type { AlertConfigPost } from "@dtu/api/alerts";
import { createBrowserHub, createChannels } from "../../../src/alerts/channels/index.ts";
import { makeMessage } from "./helpers.ts";

const config = (): AlertConfigPost["channels"] => ({
  // A port nothing listens on: the channel is created (and closed) without a broker.
  mqtt: {
    enabled: true,
    url: "mqtt://127.0.0.1:1",
    username: "u",
    password: "mqtt-SECRET",
    topic: "solar/",
    hass: false,
    hass_prefix: "homeassistant/",
  },
  ntfy: { enabled: false, url: "https://ntfy.sh", topic: "t", token: "ntfy-SECRET" },
  webhook: { enabled: true, url: "http://127.0.0.1:1/", secret: "" },
  email: {
    enabled: false,
    host: "localhost",
    port: 25,
    security: "none",
    username: "",
    from: "a@example.org",
    to: "b@example.org",
  },
  browser: { enabled: true },
});

describe("createChannels", () => {
  it("creates the enabled channels only, in the order of ALERT_CHANNELS", async () => {
    const channels = createChannels(config(), {
      clock: { now: () => 0 },
      log: () => {},
      hub: createBrowserHub(),
    });
    expect(channels.map((c) => c.name)).toEqual(["mqtt", "webhook", "browser"]);
    await Promise.all(channels.map((c) => c.close()));
  });

  it("turns a channel that cannot be set up into one that fails in words, without secrets", async () => {
    const logs: string[] = [];
    const channels = createChannels(config(), {
      clock: { now: () => 0 },
      log: (l) => logs.push(l),
      hub: createBrowserHub(),
      openAlerts: () => {
        throw new Error("database closed (password mqtt-SECRET)");
      },
    });
    expect(channels.map((c) => c.name)).toEqual(["mqtt", "webhook", "browser"]);
    const mqtt = channels[0];
    await expect(mqtt?.send(makeMessage(), new AbortController().signal)).rejects.toThrow(
      "cannot be set up: database closed (password ***)",
    );
    expect(logs).toEqual(["Alerts: mqtt cannot be set up: database closed (password ***)"]);
    await Promise.all(channels.map((c) => c.close()));
  });
});
