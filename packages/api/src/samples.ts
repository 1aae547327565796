/**
 * Sample wire objects for tests of both sides: one copy of each, spelled as on the wire and typed by the schemas
 * here, so that a test changes only the fields it is about (`{ ...sampleMqttConfig, mqtt_port: 0 }`). Test data
 * only: no app module imports this file, so it never reaches the device build.
 */
import type { DeviceInfo } from "./live.ts";
import type { DtuConfig, MqttConfig, MqttStatus, NetworkConfig } from "./settings.ts";

/** MQTT settings as GET /api/mqtt/config answers them (API.md §3.16): the device's defaults, broker.lan as host. */
export const sampleMqttConfig: Readonly<MqttConfig> = {
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
};

/**
 * GET /api/mqtt/status of a device connected with the sample settings (API.md §3.16): no secrets, certificate
 * infos instead of certificates, the last-will topic with the base topic in front.
 */
export const sampleMqttStatus: Readonly<MqttStatus> = {
  mqtt_enabled: true,
  mqtt_hostname: sampleMqttConfig.mqtt_hostname,
  mqtt_port: sampleMqttConfig.mqtt_port,
  mqtt_username: sampleMqttConfig.mqtt_username,
  mqtt_topic: sampleMqttConfig.mqtt_topic,
  mqtt_connected: true,
  mqtt_retain: sampleMqttConfig.mqtt_retain,
  mqtt_tls: false,
  mqtt_root_ca_cert_info: "cert. version     : 3\nserial number     : 01:02",
  mqtt_tls_cert_login: false,
  mqtt_client_cert_info: "subject name      : CN=dtu",
  mqtt_lwt_topic: sampleMqttConfig.mqtt_topic + sampleMqttConfig.mqtt_lwt_topic,
  mqtt_publish_interval: sampleMqttConfig.mqtt_publish_interval,
  mqtt_clean_session: sampleMqttConfig.mqtt_clean_session,
  mqtt_hass_enabled: sampleMqttConfig.mqtt_hass_enabled,
  mqtt_hass_expire: sampleMqttConfig.mqtt_hass_expire,
  mqtt_hass_retain: sampleMqttConfig.mqtt_hass_retain,
  mqtt_hass_topic: sampleMqttConfig.mqtt_hass_topic,
  mqtt_hass_individualpanels: sampleMqttConfig.mqtt_hass_individualpanels,
};

/** GET /api/devinfo/status of an HM-800 that answered (API.md §4.5): bootloader 0.1.4, firmware 1.0.12. */
export const sampleDeviceInfo: Readonly<DeviceInfo> = {
  valid_data: true,
  fw_bootloader_version: 104,
  fw_build_version: 10012,
  hw_part_number: 269561874,
  hw_version: "01.00",
  hw_model_name: "HM-800",
  max_power: 800,
  fw_build_datetime: "2022-03-17 09:41:00",
};

/** GET /api/dtu/config as v23.11.16 answers it: CMT frequency in kHz, no country (API.md §9.10). */
export const sampleDtuConfigLegacy: Readonly<DtuConfig> = {
  serial: "199980112345",
  pollinterval: 5,
  nrf_enabled: true,
  nrf_palevel: 0,
  cmt_enabled: false,
  cmt_palevel: 0,
  cmt_frequency: 865000,
};

/** The same of a later firmware that reports `cmt_country`: frequency in Hz, the band in `country_def` (§9.10). */
export const sampleDtuConfigLater: Readonly<DtuConfig> = {
  ...sampleDtuConfigLegacy,
  cmt_frequency: 866250000,
  cmt_country: 0,
  cmt_chan_width: 250000,
  country_def: [
    {
      freq_default: 865000000,
      freq_min: 860250000,
      freq_max: 923500000,
      freq_legal_min: 863000000,
      freq_legal_max: 870000000,
    },
  ],
};

/** GET /api/network/config with DHCP on and the device's hostname template (API.md §3.17). */
export const sampleNetworkConfig: Readonly<NetworkConfig> = {
  hostname: "OpenDTU-%06X",
  dhcp: true,
  ipaddress: "0.0.0.0",
  netmask: "0.0.0.0",
  gateway: "0.0.0.0",
  dns1: "0.0.0.0",
  dns2: "0.0.0.0",
  ssid: "Home",
  password: "secret",
  aptimeout: 3,
  mdnsenabled: false,
};
