/** MQTT settings and status (API.md §3.16); the connection state comes from the MqttService. */
import { deviceLimits } from "@dtu/api/limits";
import { asBool, asInt, asString, byteLength, truncate } from "../wire/coerce.ts";
import { result } from "../http/result.ts";
import { certInfo } from "../mqtt/certInfo.ts";
import { has, postHandler, saved, type Handlers } from "./types.ts";

/** The firmware's MQTT limits (API.md §3.16). */
const M = deviceLimits.mqtt;

const REQUIRED = [
  "mqtt_enabled",
  "mqtt_hostname",
  "mqtt_port",
  "mqtt_username",
  "mqtt_password",
  "mqtt_topic",
  "mqtt_retain",
  "mqtt_tls",
  "mqtt_tls_cert_login",
  "mqtt_client_cert",
  "mqtt_client_key",
  "mqtt_lwt_topic",
  "mqtt_lwt_online",
  "mqtt_lwt_offline",
  "mqtt_publish_interval",
  "mqtt_clean_session",
  "mqtt_hass_enabled",
  "mqtt_hass_expire",
  "mqtt_hass_retain",
  "mqtt_hass_topic",
  "mqtt_hass_individualpanels",
];

export const mqttHandlers = {
  mqttConfigGet: ({ gw }) => {
    const m = gw.config.mqtt;
    return {
      mqtt_enabled: m.enabled,
      mqtt_hostname: m.hostname,
      mqtt_port: m.port,
      mqtt_username: m.username,
      mqtt_password: m.password,
      mqtt_topic: m.topic,
      mqtt_retain: m.retain,
      mqtt_tls: m.tls.enabled,
      mqtt_root_ca_cert: m.tls.root_ca_cert,
      mqtt_tls_cert_login: m.tls.certlogin,
      mqtt_client_cert: m.tls.client_cert,
      mqtt_client_key: m.tls.client_key,
      mqtt_lwt_topic: m.lwt.topic,
      mqtt_lwt_online: m.lwt.value_online,
      mqtt_lwt_offline: m.lwt.value_offline,
      mqtt_publish_interval: m.publish_interval,
      mqtt_clean_session: m.clean_session,
      mqtt_hass_enabled: m.hass.enabled,
      mqtt_hass_expire: m.hass.expire,
      mqtt_hass_retain: m.hass.retain,
      mqtt_hass_topic: m.hass.topic,
      mqtt_hass_individualpanels: m.hass.individual_panels,
    };
  },
  mqttStatus: ({ gw }) => {
    const m = gw.config.mqtt;
    return {
      mqtt_enabled: m.enabled,
      mqtt_hostname: m.hostname,
      mqtt_port: m.port,
      mqtt_username: m.username,
      mqtt_topic: m.topic,
      mqtt_connected: gw.mqtt.connected(),
      mqtt_retain: m.retain,
      mqtt_tls: m.tls.enabled,
      mqtt_root_ca_cert_info: certInfo(m.tls.root_ca_cert),
      mqtt_tls_cert_login: m.tls.certlogin,
      mqtt_client_cert_info: certInfo(m.tls.client_cert),
      // The full topic here, unlike the config (API.md §3.16).
      mqtt_lwt_topic: m.topic + m.lwt.topic,
      mqtt_publish_interval: m.publish_interval,
      mqtt_clean_session: m.clean_session,
      mqtt_hass_enabled: m.hass.enabled,
      mqtt_hass_expire: m.hass.expire,
      mqtt_hass_retain: m.hass.retain,
      mqtt_hass_topic: m.hass.topic,
      mqtt_hass_individualpanels: m.hass.individual_panels,
    };
  },
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
