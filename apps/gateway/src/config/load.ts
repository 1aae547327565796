/**
 * Reading config.json the way the firmware does (API.md §5.2): every key optional (missing or wrongly typed → the
 * default), strings cut to their buffer sizes, 10 inverter slots of 6 channels, migrations of older schema versions.
 * `normalizeConfig` also fixes the key order, so serialising its result gives the firmware's file layout.
 */
import { deviceLimits as L } from "@dtu/api/limits";
import { truncate } from "../wire/coerce.ts";
import { firmwareDefaults } from "./defaults.ts";
import { CONFIG_VERSION, type ConfigChannel, type ConfigInverter, type ConfigJson } from "./types.ts";

type Raw = Record<string, unknown>;

function obj(value: unknown): Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Raw) : {};
}
function str(value: unknown, fallback: string, max: number): string {
  return typeof value === "string" ? truncate(value, max) : fallback;
}
function num(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
function int(value: unknown, fallback: number, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  const t = Math.trunc(value);
  return t < min || t > max ? 0 : t;
}
function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

const U8 = [0, 0xff] as const;
const U16 = [0, 0xffff] as const;
const U32 = [0, 0xffffffff] as const;
const I8 = [-0x80, 0x7f] as const;
const SERIAL = [0, Number.MAX_SAFE_INTEGER] as const;

export interface NormalizeResult {
  config: ConfigJson;
  /** The stored version differed: the firmware rewrites the file after migrating. */
  migrated: boolean;
}

type Defaults = ConfigJson;

/** The 6 channels of one inverter slot; schema < 0x00011700 kept only max powers in `channels` (API.md §5.2). */
function readChannels(inv: Raw, version: number): ConfigChannel[] {
  const rawChannels = Array.isArray(inv.channel) ? inv.channel : [];
  const oldMaxPowers = Array.isArray(inv.channels) ? inv.channels : [];
  const channel: ConfigChannel[] = [];
  for (let c = 0; c < 6; c++) {
    const ch = obj(rawChannels[c]);
    const old = version < 0x00011700;
    channel.push({
      // Names did not exist yet in the old schema.
      name: old ? "" : str(ch.name, "", L.channelNameStored),
      max_power: int(old ? oldMaxPowers[c] : ch.max_power, 0, ...U16),
      yield_total_offset: num(ch.yield_total_offset, 0),
    });
  }
  return channel;
}

/** The 10 inverter slots. */
function readInverters(root: Raw, d: Defaults, version: number): ConfigInverter[] {
  const rawInverters = Array.isArray(root.inverters) ? root.inverters : [];
  const inverters: ConfigInverter[] = [];
  for (let i = 0; i < 10; i++) {
    const di = d.inverters[i] as ConfigInverter;
    const inv = obj(rawInverters[i]);
    inverters.push({
      serial: int(inv.serial, di.serial, ...SERIAL),
      name: str(inv.name, di.name, L.inverterName),
      order: int(inv.order, di.order, ...U8),
      poll_enable: bool(inv.poll_enable, true),
      poll_enable_night: bool(inv.poll_enable_night, true),
      command_enable: bool(inv.command_enable, true),
      command_enable_night: bool(inv.command_enable_night, true),
      reachable_threshold: int(inv.reachable_threshold, 2, ...U8),
      zero_runtime: bool(inv.zero_runtime, false),
      zero_day: bool(inv.zero_day, false),
      channel: readChannels(inv, version),
    });
  }
  return inverters;
}

function readWifi(wifi: Raw, d: Defaults["wifi"]): ConfigJson["wifi"] {
  return {
    ssid: str(wifi.ssid, d.ssid, L.network.ssid),
    password: str(wifi.password, d.password, L.network.passwordStored),
    ip: str(wifi.ip, d.ip, L.network.ip),
    netmask: str(wifi.netmask, d.netmask, L.network.ip),
    gateway: str(wifi.gateway, d.gateway, L.network.ip),
    dns1: str(wifi.dns1, d.dns1, L.network.ip),
    dns2: str(wifi.dns2, d.dns2, L.network.ip),
    dhcp: bool(wifi.dhcp, d.dhcp),
    hostname: str(wifi.hostname, d.hostname, L.network.hostname),
    aptimeout: int(wifi.aptimeout, d.aptimeout, ...U32),
  };
}

function readNtp(ntp: Raw, d: Defaults["ntp"]): ConfigJson["ntp"] {
  return {
    server: str(ntp.server, d.server, L.ntp.server),
    timezone: str(ntp.timezone, d.timezone, L.ntp.timezone),
    timezone_descr: str(ntp.timezone_descr, d.timezone_descr, L.ntp.timezoneDescr),
    latitude: num(ntp.latitude, d.latitude),
    longitude: num(ntp.longitude, d.longitude),
    sunsettype: int(ntp.sunsettype, d.sunsettype, ...U8),
  };
}

function readMqttParts(mqtt: Raw, d: Defaults["mqtt"]): Pick<ConfigJson["mqtt"], "lwt" | "tls" | "hass"> {
  const [lwt, tls, hass] = [obj(mqtt.lwt), obj(mqtt.tls), obj(mqtt.hass)];
  return {
    lwt: {
      topic: str(lwt.topic, d.lwt.topic, L.mqtt.lwtTopic),
      value_online: str(lwt.value_online, d.lwt.value_online, L.mqtt.lwtValue),
      value_offline: str(lwt.value_offline, d.lwt.value_offline, L.mqtt.lwtValue),
    },
    tls: {
      enabled: bool(tls.enabled, d.tls.enabled),
      root_ca_cert: str(tls.root_ca_cert, d.tls.root_ca_cert, L.mqtt.cert),
      certlogin: bool(tls.certlogin, d.tls.certlogin),
      client_cert: str(tls.client_cert, d.tls.client_cert, L.mqtt.cert),
      client_key: str(tls.client_key, d.tls.client_key, L.mqtt.cert),
    },
    hass: {
      enabled: bool(hass.enabled, d.hass.enabled),
      retain: bool(hass.retain, d.hass.retain),
      topic: str(hass.topic, d.hass.topic, L.mqtt.hassTopic),
      individual_panels: bool(hass.individual_panels, d.hass.individual_panels),
      expire: bool(hass.expire, d.hass.expire),
    },
  };
}

function readMqtt(mqtt: Raw, d: Defaults["mqtt"], version: number): ConfigJson["mqtt"] {
  // Schema < 0x00011800 spelt the publish interval `publish_invterval` (API.md §5.2).
  const publishInterval =
    version < 0x00011800 && mqtt.publish_invterval !== undefined
      ? int(mqtt.publish_invterval, d.publish_interval, ...U32)
      : int(mqtt.publish_interval, d.publish_interval, ...U32);
  return {
    enabled: bool(mqtt.enabled, d.enabled),
    hostname: str(mqtt.hostname, d.hostname, L.mqtt.hostname),
    port: int(mqtt.port, d.port, ...U32),
    username: str(mqtt.username, d.username, L.mqtt.username),
    password: str(mqtt.password, d.password, L.mqtt.password),
    topic: str(mqtt.topic, d.topic, L.mqtt.topic),
    retain: bool(mqtt.retain, d.retain),
    publish_interval: publishInterval,
    clean_session: bool(mqtt.clean_session, d.clean_session),
    ...readMqttParts(mqtt, d),
  };
}

function readDtu(dtu: Raw, d: Defaults["dtu"], version: number): ConfigJson["dtu"] {
  // Schema < 0x00011900 had one `pa_level` for the nRF24 (API.md §5.2).
  const nrfPa =
    version < 0x00011900 && dtu.pa_level !== undefined
      ? int(dtu.pa_level, d.nrf_pa_level, ...U8)
      : int(dtu.nrf_pa_level, d.nrf_pa_level, ...U8);
  return {
    serial: int(dtu.serial, d.serial, ...SERIAL),
    poll_interval: int(dtu.poll_interval, d.poll_interval, ...U32),
    nrf_pa_level: nrfPa,
    cmt_pa_level: int(dtu.cmt_pa_level, d.cmt_pa_level, ...I8),
    cmt_frequency: int(dtu.cmt_frequency, d.cmt_frequency, ...U32),
  };
}

function readDevice(device: Raw, d: Defaults["device"]): ConfigJson["device"] {
  const display = obj(device.display);
  return {
    pinmapping: str(device.pinmapping, d.pinmapping, L.pinMappingName),
    display: {
      powersafe: bool(display.powersafe, d.display.powersafe),
      screensaver: bool(display.screensaver, d.display.screensaver),
      rotation: int(display.rotation, d.display.rotation, ...U8),
      contrast: int(display.contrast, d.display.contrast, ...U8),
      language: int(display.language, d.display.language, ...U8),
    },
  };
}

/** Builds a complete config from any parsed JSON value; `chipId` only feeds defaults. */
export function normalizeConfig(input: unknown, chipId: number): NormalizeResult {
  const d = firmwareDefaults(chipId);
  const root = obj(input);
  const cfg = obj(root.cfg);
  const version = int(cfg.version, CONFIG_VERSION, 0, 0xffffffff);
  const security = obj(root.security);
  // Built in the firmware's key order (serializeConfig writes it as it is).
  const config: ConfigJson = {
    cfg: { version: CONFIG_VERSION, save_count: int(cfg.save_count, 0, ...U32) },
    wifi: readWifi(obj(root.wifi), d.wifi),
    mdns: { enabled: bool(obj(root.mdns).enabled, d.mdns.enabled) },
    ntp: readNtp(obj(root.ntp), d.ntp),
    mqtt: readMqtt(obj(root.mqtt), d.mqtt, version),
    dtu: readDtu(obj(root.dtu), d.dtu, version),
    security: {
      password: str(security.password, d.security.password, L.security.password.max),
      allow_readonly: bool(security.allow_readonly, d.security.allow_readonly),
    },
    device: readDevice(obj(root.device), d.device),
    inverters: readInverters(root, d, version),
  };
  return { config, migrated: version !== CONFIG_VERSION };
}

/** The file text the firmware writes: compact JSON in the key order of §5.2. */
export function serializeConfig(config: ConfigJson, chipId: number): string {
  const { config: ordered } = normalizeConfig(config, chipId);
  ordered.cfg.save_count = config.cfg.save_count;
  return JSON.stringify(ordered);
}
