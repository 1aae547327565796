/** MQTT settings and status (API.md §3.16); the connection state comes from the MqttService. */
import { deviceLimits } from "@dtu/api/limits";
import { MqttConfig, MqttStatus } from "@dtu/api/settings";
import type { ConfigJson } from "../config/types.ts";
import type { Gateway } from "../device/gateway.ts";
import { asBool, asInt, asString, byteLength, truncate } from "../wire/coerce.ts";
import { result } from "../http/result.ts";
import { certInfo } from "../mqtt/certInfo.ts";
import { has, postHandler, saved, type Handlers } from "./types.ts";

/** The firmware's MQTT limits (API.md §3.16). */
const M = deviceLimits.mqtt;

type Settings = ConfigJson["mqtt"];
type Getters<T> = { [K in keyof T]?: (m: Settings, gw: Gateway) => T[K] };

/** Where each field of GET /api/mqtt/config lives in config.json (the fields themselves: the contract's schema). */
const CONFIG: Getters<MqttConfig> = {
  mqtt_enabled: (m) => m.enabled,
  mqtt_hostname: (m) => m.hostname,
  mqtt_port: (m) => m.port,
  mqtt_username: (m) => m.username,
  mqtt_password: (m) => m.password,
  mqtt_topic: (m) => m.topic,
  mqtt_retain: (m) => m.retain,
  mqtt_tls: (m) => m.tls.enabled,
  mqtt_root_ca_cert: (m) => m.tls.root_ca_cert,
  mqtt_tls_cert_login: (m) => m.tls.certlogin,
  mqtt_client_cert: (m) => m.tls.client_cert,
  mqtt_client_key: (m) => m.tls.client_key,
  mqtt_lwt_topic: (m) => m.lwt.topic,
  mqtt_lwt_online: (m) => m.lwt.value_online,
  mqtt_lwt_offline: (m) => m.lwt.value_offline,
  mqtt_publish_interval: (m) => m.publish_interval,
  mqtt_clean_session: (m) => m.clean_session,
  mqtt_hass_enabled: (m) => m.hass.enabled,
  mqtt_hass_expire: (m) => m.hass.expire,
  mqtt_hass_retain: (m) => m.hass.retain,
  mqtt_hass_topic: (m) => m.hass.topic,
  mqtt_hass_individualpanels: (m) => m.hass.individual_panels,
};

/** GET /api/mqtt/status: the settings it shares with the config, and its own fields. */
const STATUS: Getters<MqttStatus> = {
  ...(CONFIG as Getters<MqttStatus>),
  mqtt_connected: (_m, gw) => gw.mqtt.connected(),
  mqtt_root_ca_cert_info: (m) => certInfo(m.tls.root_ca_cert),
  mqtt_client_cert_info: (m) => certInfo(m.tls.client_cert),
  // The full topic here, unlike the config (API.md §3.16).
  mqtt_lwt_topic: (m) => m.topic + m.lwt.topic,
};

/**
 * An answer with the fields of `schema` in its order (the device's), each from its getter; fields this firmware
 * version does not have (no getter: `mqtt_clientid`, `mqtt_lwt_qos` of later versions) are left out.
 */
function answer<T>(schema: { entries: Record<string, unknown> }, getters: Getters<T>, gw: Gateway): T {
  const fields = Object.keys(schema.entries).flatMap((key) => {
    const get = getters[key as keyof T];
    return get ? [[key, get(gw.config.mqtt, gw)] as const] : [];
  });
  return Object.fromEntries(fields) as T;
}

/** The fields a POST must carry: every one the config answers, but the nullable and the optional (API.md §3.16). */
const REQUIRED = Object.entries(MqttConfig.entries)
  .filter(([, field]) => field.type !== "optional" && field.type !== "nullable")
  .map(([key]) => key);

export const mqttHandlers = {
  mqttConfigGet: ({ gw }) => answer(MqttConfig, CONFIG, gw),
  mqttStatus: ({ gw }) => answer(MqttStatus, STATUS, gw),
  mqttConfigPost: postHandler(
    { limit: deviceLimits.postDataMaxLarge, required: (r) => has(r, ...REQUIRED) },
    async (root, ctx) => {
      const s = (key: string): string => asString(root[key]);
      const enabled = asBool(root.mqtt_enabled);
      const hassEnabled = asBool(root.mqtt_hass_enabled);
      const port = asInt(root.mqtt_port, "uint32");
      const interval = asInt(root.mqtt_publish_interval, "uint32");
      // Checks only while MQTT is enabled (API.md §3.16).
      if (enabled) {
        const host = byteLength(s("mqtt_hostname"));
        if (host === 0 || host > M.hostname) return result(7001, { max: M.hostname });
        if (byteLength(s("mqtt_username")) > M.username) return result(7002, { max: M.username });
        if (byteLength(s("mqtt_password")) > M.password) return result(7003, { max: M.password });
        const topic = s("mqtt_topic");
        if (byteLength(topic) > M.topic) return result(7004, { max: M.topic });
        if (topic.includes(" ")) return result(7005);
        if (!topic.endsWith("/")) return result(7006);
        if (port < M.port.min || port > M.port.max) return result(7007);
        if (
          byteLength(s("mqtt_root_ca_cert")) > M.cert ||
          byteLength(s("mqtt_client_cert")) > M.cert ||
          byteLength(s("mqtt_client_key")) > M.cert
        ) {
          return result(7008, { max: M.cert });
        }
        const lwt = s("mqtt_lwt_topic");
        if (byteLength(lwt) > M.lwtTopic) return result(7009, { max: M.lwtTopic });
        if (lwt.includes(" ")) return result(7010);
        if (byteLength(s("mqtt_lwt_online")) > M.lwtValue) return result(7011, { max: M.lwtValue });
        if (byteLength(s("mqtt_lwt_offline")) > M.lwtValue) return result(7012, { max: M.lwtValue });
        if (interval < M.publishInterval.min || interval > M.publishInterval.max) {
          return result(7013, { ...M.publishInterval });
        }
        if (hassEnabled) {
          const hass = s("mqtt_hass_topic");
          if (byteLength(hass) > M.hassTopic) return result(7014, { max: M.hassTopic });
          if (hass.includes(" ")) return result(7015);
        }
      }
      const m = ctx.gw.config.mqtt;
      m.enabled = enabled;
      m.retain = asBool(root.mqtt_retain);
      m.tls.enabled = asBool(root.mqtt_tls);
      // Not required; when absent it is stored as the text "null" (API.md §1.1, §3.16).
      m.tls.root_ca_cert = truncate(s("mqtt_root_ca_cert"), M.cert);
      m.tls.certlogin = asBool(root.mqtt_tls_cert_login);
      m.tls.client_cert = truncate(s("mqtt_client_cert"), M.cert);
      m.tls.client_key = truncate(s("mqtt_client_key"), M.cert);
      m.hostname = truncate(s("mqtt_hostname"), M.hostname);
      m.port = port;
      m.username = truncate(s("mqtt_username"), M.username);
      m.password = truncate(s("mqtt_password"), M.password);
      m.topic = truncate(s("mqtt_topic"), M.topic);
      m.lwt.topic = truncate(s("mqtt_lwt_topic"), M.lwtTopic);
      m.lwt.value_online = truncate(s("mqtt_lwt_online"), M.lwtValue);
      m.lwt.value_offline = truncate(s("mqtt_lwt_offline"), M.lwtValue);
      m.publish_interval = interval;
      m.clean_session = asBool(root.mqtt_clean_session);
      m.hass.enabled = hassEnabled;
      m.hass.expire = asBool(root.mqtt_hass_expire);
      m.hass.retain = asBool(root.mqtt_hass_retain);
      m.hass.individual_panels = asBool(root.mqtt_hass_individualpanels);
      m.hass.topic = truncate(s("mqtt_hass_topic"), M.hassTopic);
      await saved(ctx);
      return result(1001);
    },
  ),
} satisfies Partial<Handlers>;
