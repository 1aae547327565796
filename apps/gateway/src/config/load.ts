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

/** Builds a complete config from any parsed JSON value; `chipId` only feeds defaults. */
export function normalizeConfig(input: unknown, chipId: number): NormalizeResult {
  const d = firmwareDefaults(chipId);
  const root = obj(input);
  const cfg = obj(root.cfg);
  const version = int(cfg.version, CONFIG_VERSION, 0, 0xffffffff);

  const wifi = obj(root.wifi);
  const ntp = obj(root.ntp);
  const mqtt = obj(root.mqtt);
  const lwt = obj(mqtt.lwt);
  const tls = obj(mqtt.tls);
  const hass = obj(mqtt.hass);
  const dtu = obj(root.dtu);
  const security = obj(root.security);
  const device = obj(root.device);
  const display = obj(device.display);

  // Schema < 0x00011800 spelt the publish interval `publish_invterval` (API.md §5.2).
  const publishInterval =
    version < 0x00011800 && mqtt.publish_invterval !== undefined
      ? int(mqtt.publish_invterval, d.mqtt.publish_interval, ...U32)
      : int(mqtt.publish_interval, d.mqtt.publish_interval, ...U32);
  // Schema < 0x00011900 had one `pa_level` for the nRF24 (API.md §5.2).
  const nrfPa =
    version < 0x00011900 && dtu.pa_level !== undefined
      ? int(dtu.pa_level, d.dtu.nrf_pa_level, ...U8)
      : int(dtu.nrf_pa_level, d.dtu.nrf_pa_level, ...U8);

  const rawInverters = Array.isArray(root.inverters) ? root.inverters : [];
  const inverters: ConfigInverter[] = [];
  for (let i = 0; i < 10; i++) {
    const di = d.inverters[i] as ConfigInverter;
    const inv = obj(rawInverters[i]);
    const rawChannels = Array.isArray(inv.channel) ? inv.channel : [];
    const oldMaxPowers = Array.isArray(inv.channels) ? inv.channels : [];
    const channel: ConfigChannel[] = [];
    for (let c = 0; c < 6; c++) {
      const ch = obj(rawChannels[c]);
      if (version < 0x00011700) {
        // Schema < 0x00011700 kept only max powers in `channels`; names did not exist yet (API.md §5.2).
        channel.push({
          name: "",
          max_power: int(oldMaxPowers[c], 0, ...U16),
          yield_total_offset: num(ch.yield_total_offset, 0),
        });
      } else {
        channel.push({
          name: str(ch.name, "", L.channelNameStored),
          max_power: int(ch.max_power, 0, ...U16),
          yield_total_offset: num(ch.yield_total_offset, 0),
        });
      }
    }
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
      channel,
    });
  }

  const config: ConfigJson = {
    cfg: { version: CONFIG_VERSION, save_count: int(cfg.save_count, 0, ...U32) },
    wifi: {
      ssid: str(wifi.ssid, d.wifi.ssid, L.network.ssid),
      password: str(wifi.password, d.wifi.password, L.network.passwordStored),
      ip: str(wifi.ip, d.wifi.ip, L.network.ip),
      netmask: str(wifi.netmask, d.wifi.netmask, L.network.ip),
      gateway: str(wifi.gateway, d.wifi.gateway, L.network.ip),
      dns1: str(wifi.dns1, d.wifi.dns1, L.network.ip),
      dns2: str(wifi.dns2, d.wifi.dns2, L.network.ip),
      dhcp: bool(wifi.dhcp, d.wifi.dhcp),
      hostname: str(wifi.hostname, d.wifi.hostname, L.network.hostname),
      aptimeout: int(wifi.aptimeout, d.wifi.aptimeout, ...U32),
    },
    mdns: { enabled: bool(obj(root.mdns).enabled, d.mdns.enabled) },
    ntp: {
      server: str(ntp.server, d.ntp.server, L.ntp.server),
      timezone: str(ntp.timezone, d.ntp.timezone, L.ntp.timezone),
      timezone_descr: str(ntp.timezone_descr, d.ntp.timezone_descr, L.ntp.timezoneDescr),
      latitude: num(ntp.latitude, d.ntp.latitude),
      longitude: num(ntp.longitude, d.ntp.longitude),
      sunsettype: int(ntp.sunsettype, d.ntp.sunsettype, ...U8),
    },
    mqtt: {
      enabled: bool(mqtt.enabled, d.mqtt.enabled),
      hostname: str(mqtt.hostname, d.mqtt.hostname, L.mqtt.hostname),
      port: int(mqtt.port, d.mqtt.port, ...U32),
      username: str(mqtt.username, d.mqtt.username, L.mqtt.username),
      password: str(mqtt.password, d.mqtt.password, L.mqtt.password),
      topic: str(mqtt.topic, d.mqtt.topic, L.mqtt.topic),
      retain: bool(mqtt.retain, d.mqtt.retain),
      publish_interval: publishInterval,
      clean_session: bool(mqtt.clean_session, d.mqtt.clean_session),
      lwt: {
        topic: str(lwt.topic, d.mqtt.lwt.topic, L.mqtt.lwtTopic),
        value_online: str(lwt.value_online, d.mqtt.lwt.value_online, L.mqtt.lwtValue),
        value_offline: str(lwt.value_offline, d.mqtt.lwt.value_offline, L.mqtt.lwtValue),
      },
      tls: {
        enabled: bool(tls.enabled, d.mqtt.tls.enabled),
        root_ca_cert: str(tls.root_ca_cert, d.mqtt.tls.root_ca_cert, L.mqtt.cert),
        certlogin: bool(tls.certlogin, d.mqtt.tls.certlogin),
        client_cert: str(tls.client_cert, d.mqtt.tls.client_cert, L.mqtt.cert),
        client_key: str(tls.client_key, d.mqtt.tls.client_key, L.mqtt.cert),
      },
      hass: {
        enabled: bool(hass.enabled, d.mqtt.hass.enabled),
        retain: bool(hass.retain, d.mqtt.hass.retain),
        topic: str(hass.topic, d.mqtt.hass.topic, L.mqtt.hassTopic),
        individual_panels: bool(hass.individual_panels, d.mqtt.hass.individual_panels),
        expire: bool(hass.expire, d.mqtt.hass.expire),
      },
    },
    dtu: {
      serial: int(dtu.serial, d.dtu.serial, ...SERIAL),
      poll_interval: int(dtu.poll_interval, d.dtu.poll_interval, ...U32),
      nrf_pa_level: nrfPa,
      cmt_pa_level: int(dtu.cmt_pa_level, d.dtu.cmt_pa_level, ...I8),
      cmt_frequency: int(dtu.cmt_frequency, d.dtu.cmt_frequency, ...U32),
    },
    security: {
      password: str(security.password, d.security.password, L.security.password.max),
      allow_readonly: bool(security.allow_readonly, d.security.allow_readonly),
    },
    device: {
      pinmapping: str(device.pinmapping, d.device.pinmapping, L.pinMappingName),
      display: {
        powersafe: bool(display.powersafe, d.device.display.powersafe),
        screensaver: bool(display.screensaver, d.device.display.screensaver),
        rotation: int(display.rotation, d.device.display.rotation, ...U8),
        contrast: int(display.contrast, d.device.display.contrast, ...U8),
        language: int(display.language, d.device.display.language, ...U8),
      },
    },
    inverters,
  };
  return { config, migrated: version !== CONFIG_VERSION };
}

/** The file text the firmware writes: compact JSON in the key order of §5.2. */
export function serializeConfig(config: ConfigJson, chipId: number): string {
  const { config: ordered } = normalizeConfig(config, chipId);
  ordered.cfg.save_count = config.cfg.save_count;
  return JSON.stringify(ordered);
}
