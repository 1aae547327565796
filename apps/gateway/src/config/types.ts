/**
 * The firmware's own config.json structure (API.md §5.2). A backup from a real device restores here and one taken
 * here restores on a device, so this is the shape on disk, key names and order included. Serials are integers of
 * the hex value; `inverters` always has 10 slots of 6 channels.
 */
export interface ConfigChannel {
  name: string;
  max_power: number;
  yield_total_offset: number;
}

export interface ConfigInverter {
  serial: number;
  name: string;
  order: number;
  poll_enable: boolean;
  poll_enable_night: boolean;
  command_enable: boolean;
  command_enable_night: boolean;
  reachable_threshold: number;
  zero_runtime: boolean;
  zero_day: boolean;
  channel: ConfigChannel[];
}

export interface ConfigJson {
  cfg: { version: number; save_count: number };
  wifi: {
    ssid: string;
    password: string;
    ip: string;
    netmask: string;
    gateway: string;
    dns1: string;
    dns2: string;
    dhcp: boolean;
    hostname: string;
    aptimeout: number;
  };
  mdns: { enabled: boolean };
  ntp: {
    server: string;
    timezone: string;
    timezone_descr: string;
    latitude: number;
    longitude: number;
    sunsettype: number;
  };
  mqtt: {
    enabled: boolean;
    hostname: string;
    port: number;
    username: string;
    password: string;
    topic: string;
    retain: boolean;
    publish_interval: number;
    clean_session: boolean;
    lwt: { topic: string; value_online: string; value_offline: string };
    tls: {
      enabled: boolean;
      /**
       * A POST without `mqtt_root_ca_cert` stores the 4-character text "null" (ArduinoJson reads a missing string as
       * "null", API.md §1.1, §3.16), never a JSON null.
       */
      root_ca_cert: string;
      certlogin: boolean;
      client_cert: string;
      client_key: string;
    };
    hass: { enabled: boolean; retain: boolean; topic: string; individual_panels: boolean; expire: boolean };
  };
  dtu: {
    serial: number;
    poll_interval: number;
    nrf_pa_level: number;
    cmt_pa_level: number;
    cmt_frequency: number;
  };
  security: { password: string; allow_readonly: boolean };
  device: {
    pinmapping: string;
    display: {
      powersafe: boolean;
      screensaver: boolean;
      rotation: number;
      contrast: number;
      language: number;
    };
  };
  inverters: ConfigInverter[];
}

/** Config schema version 0x00011900 of firmware v23.11.16 (API.md §5.2). */
export const CONFIG_VERSION = 71936;
