import { uiLimits } from "@dtu/api/limits";
import type { MqttConfig } from "@dtu/api/settings";
import type { AnswerFields } from "../../components/ui/useSettingsForm";
import { checkLength, checkNumber, checkTopic, type Problems } from "../../components/ui/validation";

/** The editable MQTT settings; port and interval as typed. */
export interface MqttDraft {
  mqtt_enabled: boolean;
  mqtt_hass_enabled: boolean;
  mqtt_hostname: string;
  mqtt_port: string;
  mqtt_username: string;
  mqtt_password: string;
  mqtt_topic: string;
  mqtt_publish_interval: string;
  mqtt_clean_session: boolean;
  mqtt_retain: boolean;
  mqtt_tls: boolean;
  mqtt_root_ca_cert: string;
  mqtt_tls_cert_login: boolean;
  mqtt_client_cert: string;
  mqtt_client_key: string;
  mqtt_lwt_topic: string;
  mqtt_lwt_online: string;
  mqtt_lwt_offline: string;
  mqtt_hass_topic: string;
  mqtt_hass_retain: boolean;
  mqtt_hass_expire: boolean;
  mqtt_hass_individualpanels: boolean;
}

export type MqttTextField = {
  [K in keyof MqttDraft]: MqttDraft[K] extends string ? K : never;
}[keyof MqttDraft];
export type MqttFlag = Exclude<keyof MqttDraft, MqttTextField>;

/**
 * API.md §9.13: firmware v23.12.16…v24.1.26 report `mqtt_lwt_online` as a boolean. Posting that back would store
 * "true"/"false" as the payload, so the field starts empty and must be filled in again.
 */
export function lwtOnlineBroken(c: MqttConfig): boolean {
  return typeof c.mqtt_lwt_online === "boolean";
}

export function mqttDraft(c: MqttConfig): MqttDraft {
  return {
    mqtt_enabled: c.mqtt_enabled,
    mqtt_hass_enabled: c.mqtt_hass_enabled,
    mqtt_hostname: c.mqtt_hostname,
    mqtt_port: String(c.mqtt_port),
    mqtt_username: c.mqtt_username,
    mqtt_password: c.mqtt_password,
    mqtt_topic: c.mqtt_topic,
    mqtt_publish_interval: String(c.mqtt_publish_interval),
    mqtt_clean_session: c.mqtt_clean_session,
    mqtt_retain: c.mqtt_retain,
    mqtt_tls: c.mqtt_tls,
    mqtt_root_ca_cert: c.mqtt_root_ca_cert ?? "",
    mqtt_tls_cert_login: c.mqtt_tls_cert_login,
    mqtt_client_cert: c.mqtt_client_cert,
    mqtt_client_key: c.mqtt_client_key,
    mqtt_lwt_topic: c.mqtt_lwt_topic,
    mqtt_lwt_online: typeof c.mqtt_lwt_online === "string" ? c.mqtt_lwt_online : "",
    mqtt_lwt_offline: c.mqtt_lwt_offline,
    mqtt_hass_topic: c.mqtt_hass_topic,
    mqtt_hass_retain: c.mqtt_hass_retain,
    mqtt_hass_expire: c.mqtt_hass_expire,
    mqtt_hass_individualpanels: c.mqtt_hass_individualpanels,
  };
}

/**
 * SEED §5 MQTT limits and the device's checks (API.md §3.16: host 1–128, topics without blanks, base topic ending in
 * a slash), all at once, for what is on screen: nothing while MQTT is off (the cards are hidden and the
 * device stores a disabled config as given, API.md §3.16); the CA only with TLS, cert and key only with
 * certificate login, the prefix only with Home Assistant on. `lwtOnlineRequired` after the §9.13 repair.
 */
export function validateMqtt(d: MqttDraft, lwtOnlineRequired = false): Problems<MqttTextField> {
  if (!d.mqtt_enabled) return {};
  const m = uiLimits.mqtt;
  const p: Problems<MqttTextField> = {
    mqtt_hostname: checkLength(d.mqtt_hostname, m.hostname, 1),
    mqtt_port: checkNumber(d.mqtt_port, { ...m.port, integer: true }),
    mqtt_username: checkLength(d.mqtt_username, m.username),
    mqtt_password: checkLength(d.mqtt_password, m.password),
    mqtt_topic: checkTopic(d.mqtt_topic, m.topic, true),
    mqtt_publish_interval: checkNumber(d.mqtt_publish_interval, { ...m.publishInterval, integer: true }),
    mqtt_lwt_topic: checkTopic(d.mqtt_lwt_topic, m.lwtTopic),
    mqtt_lwt_online: checkLength(d.mqtt_lwt_online, m.lwtValue, lwtOnlineRequired ? 1 : 0),
    mqtt_lwt_offline: checkLength(d.mqtt_lwt_offline, m.lwtValue),
  };
  if (d.mqtt_tls) {
    p.mqtt_root_ca_cert = checkLength(d.mqtt_root_ca_cert, m.cert);
    if (d.mqtt_tls_cert_login) {
      p.mqtt_client_cert = checkLength(d.mqtt_client_cert, m.cert);
      p.mqtt_client_key = checkLength(d.mqtt_client_key, m.cert);
    }
  }
  if (d.mqtt_hass_enabled) p.mqtt_hass_topic = checkTopic(d.mqtt_hass_topic, m.hassTopic);
  return p;
}

/**
 * The device's refusals by field (API.md §3.16, §9.13) that matter here: the base topic (its three rules), the
 * publish interval (the device stops at 65535 s, the seed's field at 86400 s) and the Home Assistant prefix's slash
 * of later firmware (7018). The other codes repeat rules the form checks before sending and stay in the alert.
 */
export const MQTT_ANSWERS: AnswerFields<MqttTextField> = {
  7004: "mqtt_topic",
  7005: "mqtt_topic",
  7006: "mqtt_topic",
  7013: "mqtt_publish_interval",
  7018: "mqtt_hass_topic",
};

/** API.md §9.0: the GET object (later keys such as mqtt_lwt_qos, mqtt_clientid included) with the edits. */
export function mqttBody(base: MqttConfig, d: MqttDraft): MqttConfig {
  return {
    ...base,
    ...d,
    mqtt_port: Number(d.mqtt_port),
    mqtt_publish_interval: Number(d.mqtt_publish_interval),
  };
}
