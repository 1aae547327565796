/** Settings areas: inverters, DTU, device, security, MQTT, network, NTP (API.md §3.9–§3.18). */
import * as v from "valibot";

export const InverterChannel = v.object({
  name: v.string(),
  max_power: v.number(),
  yield_total_offset: v.number(),
});
export type InverterChannel = v.InferOutput<typeof InverterChannel>;

export const InverterEntry = v.object({
  id: v.number(),
  name: v.string(),
  order: v.number(),
  serial: v.string(),
  poll_enable: v.boolean(),
  poll_enable_night: v.boolean(),
  command_enable: v.boolean(),
  command_enable_night: v.boolean(),
  reachable_threshold: v.number(),
  zero_runtime: v.boolean(),
  zero_day: v.boolean(),
  type: v.string(),
  channel: v.array(InverterChannel),
  /** Later firmware (API.md §9.9). */
  yieldday_correction: v.optional(v.boolean()),
  clear_eventlog: v.optional(v.boolean()),
});
export type InverterEntry = v.InferOutput<typeof InverterEntry>;

export const InverterList = v.object({ inverter: v.array(InverterEntry) });
export type InverterList = v.InferOutput<typeof InverterList>;

export interface InverterAddRequest {
  serial: string;
  name: string;
}
export interface InverterDeleteRequest {
  id: number;
}
export interface InverterOrderRequest {
  order: number[];
}

export const DtuConfig = v.object({
  serial: v.string(),
  pollinterval: v.number(),
  nrf_enabled: v.boolean(),
  nrf_palevel: v.number(),
  cmt_enabled: v.boolean(),
  cmt_palevel: v.number(),
  /** kHz at v23.11.16; Hz when `cmt_country` is present (API.md §9.10). */
  cmt_frequency: v.number(),
  cmt_country: v.optional(v.number()),
  cmt_chan_width: v.optional(v.number()),
  country_def: v.optional(v.unknown()),
});
export type DtuConfig = v.InferOutput<typeof DtuConfig>;

export const PinGroup = v.record(v.string(), v.nullable(v.union([v.number(), v.boolean()])));
export const CurPin = v.objectWithRest({ name: v.string() }, PinGroup);
export type CurPin = v.InferOutput<typeof CurPin>;

export const DisplayConfig = v.object({
  rotation: v.number(),
  power_safe: v.boolean(),
  screensaver: v.boolean(),
  contrast: v.number(),
  /** v23.11.16: 0 en, 1 de, 2 fr. Later firmware uses `locale` (API.md §9.11). */
  language: v.optional(v.number()),
  locale: v.optional(v.string()),
  diagramduration: v.optional(v.number()),
  diagrammode: v.optional(v.number()),
});
export type DisplayConfig = v.InferOutput<typeof DisplayConfig>;

export const DeviceConfig = v.object({
  curPin: CurPin,
  display: DisplayConfig,
  led: v.optional(v.array(v.object({ brightness: v.number() }))),
});
export type DeviceConfig = v.InferOutput<typeof DeviceConfig>;

/** One profile of pin_mapping.json (API.md §5.3). */
export const PinMappingProfile = v.objectWithRest(
  { name: v.string(), links: v.optional(v.array(v.object({ name: v.string(), url: v.string() }))) },
  PinGroup,
);
export const PinMapping = v.array(PinMappingProfile);
export type PinMapping = v.InferOutput<typeof PinMapping>;

export const SecurityConfig = v.object({ password: v.string(), allow_readonly: v.boolean() });
export type SecurityConfig = v.InferOutput<typeof SecurityConfig>;

export const MqttConfig = v.object({
  mqtt_enabled: v.boolean(),
  mqtt_hostname: v.string(),
  mqtt_port: v.number(),
  mqtt_clientid: v.optional(v.string()),
  mqtt_username: v.string(),
  mqtt_password: v.string(),
  mqtt_topic: v.string(),
  mqtt_retain: v.boolean(),
  mqtt_tls: v.boolean(),
  /** Stored as null when a POST omitted it (API.md §3.16). */
  mqtt_root_ca_cert: v.nullable(v.string()),
  mqtt_tls_cert_login: v.boolean(),
  mqtt_client_cert: v.string(),
  mqtt_client_key: v.string(),
  mqtt_lwt_topic: v.string(),
  /** A boolean on v23.12.16–v24.1.26 (firmware bug, API.md §9.13). */
  mqtt_lwt_online: v.union([v.string(), v.boolean()]),
  mqtt_lwt_offline: v.string(),
  mqtt_lwt_qos: v.optional(v.number()),
  mqtt_publish_interval: v.number(),
  mqtt_clean_session: v.boolean(),
  mqtt_hass_enabled: v.boolean(),
  mqtt_hass_expire: v.boolean(),
  mqtt_hass_retain: v.boolean(),
  mqtt_hass_topic: v.string(),
  mqtt_hass_individualpanels: v.boolean(),
});
export type MqttConfig = v.InferOutput<typeof MqttConfig>;

export const MqttStatus = v.object({
  mqtt_enabled: v.boolean(),
  mqtt_hostname: v.string(),
  mqtt_port: v.number(),
  mqtt_clientid: v.optional(v.string()),
  mqtt_username: v.string(),
  mqtt_topic: v.string(),
  mqtt_connected: v.boolean(),
  mqtt_retain: v.boolean(),
  mqtt_tls: v.boolean(),
  mqtt_root_ca_cert_info: v.string(),
  mqtt_tls_cert_login: v.boolean(),
  mqtt_client_cert_info: v.string(),
  mqtt_lwt_topic: v.string(),
  mqtt_publish_interval: v.number(),
  mqtt_clean_session: v.boolean(),
  mqtt_hass_enabled: v.boolean(),
  mqtt_hass_expire: v.boolean(),
  mqtt_hass_retain: v.boolean(),
  mqtt_hass_topic: v.string(),
  mqtt_hass_individualpanels: v.boolean(),
});
export type MqttStatus = v.InferOutput<typeof MqttStatus>;

export const NetworkConfig = v.object({
  hostname: v.string(),
  dhcp: v.boolean(),
  ipaddress: v.string(),
  netmask: v.string(),
  gateway: v.string(),
  dns1: v.string(),
  dns2: v.string(),
  ssid: v.string(),
  password: v.string(),
  aptimeout: v.number(),
  mdnsenabled: v.boolean(),
  syslogenabled: v.optional(v.boolean()),
  sysloghostname: v.optional(v.string()),
  syslogport: v.optional(v.number()),
});
export type NetworkConfig = v.InferOutput<typeof NetworkConfig>;

export const NetworkStatus = v.object({
  sta_status: v.boolean(),
  sta_ssid: v.string(),
  sta_bssid: v.string(),
  sta_rssi: v.number(),
  network_hostname: v.string(),
  network_ip: v.string(),
  network_netmask: v.string(),
  network_gateway: v.string(),
  network_dns1: v.string(),
  network_dns2: v.string(),
  network_mac: v.string(),
  network_mode: v.string(),
  ap_status: v.boolean(),
  ap_ssid: v.string(),
  ap_ip: v.string(),
  ap_mac: v.string(),
  ap_stationnum: v.number(),
});
export type NetworkStatus = v.InferOutput<typeof NetworkStatus>;

export const NtpConfig = v.object({
  ntp_server: v.string(),
  /** Gone from v26.3.28 (API.md §9.15). */
  ntp_timezone: v.optional(v.string()),
  ntp_timezone_descr: v.string(),
  longitude: v.number(),
  latitude: v.number(),
  sunsettype: v.number(),
});
export type NtpConfig = v.InferOutput<typeof NtpConfig>;

export const NtpStatus = v.object({
  ntp_server: v.string(),
  ntp_timezone: v.string(),
  ntp_timezone_descr: v.string(),
  ntp_status: v.boolean(),
  ntp_localtime: v.string(),
  sun_risetime: v.string(),
  sun_settime: v.string(),
  sun_isSunsetAvailable: v.boolean(),
  sun_isDayPeriod: v.boolean(),
});
export type NtpStatus = v.InferOutput<typeof NtpStatus>;

export const NtpTime = v.object({
  ntp_status: v.boolean(),
  year: v.number(),
  month: v.number(),
  day: v.number(),
  hour: v.number(),
  minute: v.number(),
  second: v.number(),
});
export type NtpTime = v.InferOutput<typeof NtpTime>;
export type NtpTimeRequest = Omit<NtpTime, "ntp_status">;

/** /zones.json: IANA name → POSIX rule (API.md §3.21). */
export const Zones = v.record(v.string(), v.string());
export type Zones = v.InferOutput<typeof Zones>;
