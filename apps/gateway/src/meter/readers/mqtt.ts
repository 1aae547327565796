/**
 * A meter value published on MQTT (issue 31 §1): a topic on a broker given by URL (mqtt: or mqtts:), the payload a
 * number or JSON with the number at `path`. The reader subscribes once and keeps the newest message with its receipt
 * time; a read returns that (so an old message ages into "stale", never fresh again). Payloads over MAX_BODY_BYTES
 * are refused unread.
 */
import mqtt, { type MqttClient } from "mqtt";
import type { MeterUnit } from "@dtu/api/meter";
import { asMeterError, fail, meterError, MeterFailure, safeReason } from "../failure.ts";
import { MAX_BODY_BYTES } from "../httpGet.ts";
import { numberAt } from "../jsonPath.ts";
import { scaled, shown } from "./json.ts";
import type { MeterReader, MeterReading } from "./types.ts";

export interface MqttOptions {
  url: string;
  topic: string;
  path: string;
  unit: MeterUnit;
  invert: boolean;
  username: string;
  password: string;
  now: () => number;
}

/** The number of one payload: the whole payload when `path` is empty, else the number at `path` of its JSON. */
export function payloadValue(payload: Buffer, path: string): number {
  const text = payload.toString("utf8").trim();
  let json: unknown = text;
  if (path !== "" || text.startsWith("{") || text.startsWith("[")) {
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      return fail("not_json", {});
    }
  }
  return numberAt(json, path);
}

export function mqttUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail("broker", { reason: "not a URL" });
  }
  if (url.protocol !== "mqtt:" && url.protocol !== "mqtts:")
    fail("broker", { reason: "only mqtt and mqtts URLs" });
  return url;
}

export function mqttReader(opts: MqttOptions): MeterReader {
  const url = mqttUrl(opts.url);
  let last: { reading: MeterReading } | { failure: MeterFailure; at: number } | null = null;
  let brokerError: MeterFailure | null = null;
  const client: MqttClient = mqtt.connect(url.href, {
    ...(opts.username !== "" ? { username: opts.username } : {}),
    ...(opts.password !== "" ? { password: opts.password } : {}),
    connectTimeout: 5000,
    reconnectPeriod: 2000,
    clientId: `dtu-meter-${Math.random().toString(16).slice(2, 10)}`,
  });
  const broker = (reason: string): MeterFailure => new MeterFailure(meterError("broker", { reason }));
  client.on("connect", () => {
    brokerError = null;
    client.subscribe(opts.topic, { qos: 0 }, (err) => {
      if (err) brokerError = broker(safeReason(err, [opts.password]));
    });
  });
  client.on("error", (err) => {
    // CONNACK 4/5 (MQTT 3.1.1): bad user name or password / not authorised.
    const code = (err as { code?: unknown }).code;
    const refused = code === 4 || code === 5 || code === 134 || code === 135;
    brokerError = broker(refused ? "user name or password refused" : safeReason(err, [opts.password]));
  });
  client.on("offline", () => {
    brokerError ??= new MeterFailure(meterError("broker", { reason: "not connected" }));
  });
  client.on("message", (_topic, payload) => {
    const at = opts.now();
    if (payload.length > MAX_BODY_BYTES) {
      last = { failure: new MeterFailure(meterError("too_large", { max_bytes: MAX_BODY_BYTES })), at };
      return;
    }
    try {
      const raw = payloadValue(payload, opts.path);
      last = {
        reading: { power_w: scaled(raw, opts.unit, opts.invert), phases_w: null, found: shown(raw), at },
      };
    } catch (err) {
      last = { failure: err instanceof MeterFailure ? err : new MeterFailure(asMeterError(err)), at };
    }
  });
  return {
    read(): Promise<MeterReading> {
      // A broker that went away is the news, even with a message from before (that one only ages).
      if (brokerError) return Promise.reject(brokerError);
      if (last && "reading" in last) return Promise.resolve(last.reading);
      if (last) return Promise.reject(last.failure);
      return Promise.reject(new MeterFailure(meterError("no_message", { topic: opts.topic })));
    },
    close: () => client.endAsync(true).then(() => undefined),
  };
}
