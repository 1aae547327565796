import type { MqttConfig } from "@dtu/api/settings";

/**
 * An MQTT settings POST body as the web app sends it (API.md §3.16): the device's defaults with broker.lan as the
 * host; a test changes only what it is about.
 */
export function mqttSettings(patch: Partial<MqttConfig> = {}): MqttConfig {
  return {
    mqtt_enabled: false,
    mqtt_hostname: "broker.lan",
    mqtt_port: 1883,
    mqtt_username: "",
    mqtt_password: "",
    mqtt_topic: "solar/",
    mqtt_retain: true,
    mqtt_tls: false,
    mqtt_root_ca_cert: "",
    mqtt_tls_cert_login: false,
    mqtt_client_cert: "",
    mqtt_client_key: "",
    mqtt_lwt_topic: "dtu/status",
    mqtt_lwt_online: "online",
    mqtt_lwt_offline: "offline",
    mqtt_publish_interval: 5,
    mqtt_clean_session: true,
    mqtt_hass_enabled: false,
    mqtt_hass_expire: true,
    mqtt_hass_retain: true,
    mqtt_hass_topic: "homeassistant/",
    mqtt_hass_individualpanels: false,
    ...patch,
  };
}
