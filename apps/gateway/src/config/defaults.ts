/** Defaults of firmware v23.11.16 (API.md §5.1) plus the gateway's first-start fleet. */
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { X509Certificate } from "node:crypto";
import { rootCertificates } from "node:tls";
import { CONFIG_VERSION, type ConfigChannel, type ConfigInverter, type ConfigJson } from "./types.ts";
import { serialFromWire } from "../wire/coerce.ts";

/**
 * The default MQTT root CA is the ISRG Root X1 (Let's Encrypt) certificate (API.md §5.1). Node ships it among its
 * bundled root certificates, so it is taken from there instead of being pasted into the source.
 */
function isrgRootX1(): string {
  for (const pem of rootCertificates) {
    try {
      if (new X509Certificate(pem).subject.includes("CN=ISRG Root X1")) return pem.trim() + "\n";
    } catch {
      // not parseable: skip
    }
  }
  return "";
}

export const DEFAULT_ROOT_CA = isrgRootX1();

/** Placeholder serial the firmware replaces at first boot (API.md §4.9). */
export const PLACEHOLDER_DTU_SERIAL = 0x99978563412;

/** `1999801` + last five decimal digits of the chip id, read as hex digits (API.md §4.9). */
export function generatedDtuSerial(chipId: number): number {
  const digits = String(chipId).padStart(5, "0").slice(-5);
  return serialFromWire(`1999801${digits}`);
}

export function defaultChannel(): ConfigChannel {
  return { name: "", max_power: 0, yield_total_offset: 0 };
}

export function emptySlot(): ConfigInverter {
  return {
    serial: 0,
    name: "",
    order: 0,
    poll_enable: true,
    poll_enable_night: true,
    command_enable: true,
    command_enable_night: true,
    reachable_threshold: 2,
    zero_runtime: false,
    zero_day: false,
    channel: Array.from({ length: 6 }, defaultChannel),
  };
}

/** The firmware's defaults; `inverters` are ten empty slots. */
export function firmwareDefaults(chipId: number): ConfigJson {
  return {
    cfg: { version: CONFIG_VERSION, save_count: 0 },
    wifi: {
      ssid: "",
      password: "",
      ip: "0.0.0.0",
      netmask: "0.0.0.0",
      gateway: "0.0.0.0",
      dns1: "0.0.0.0",
      dns2: "0.0.0.0",
      dhcp: true,
      hostname: "OpenDTU-%06X",
      aptimeout: 3,
    },
    mdns: { enabled: false },
    ntp: {
      server: "pool.ntp.org",
      timezone: "CET-1CEST,M3.5.0,M10.5.0/3",
      timezone_descr: "Europe/Berlin",
      latitude: 51.1657,
      longitude: 10.4515,
      sunsettype: 1,
    },
    mqtt: {
      enabled: false,
      hostname: "",
      port: 1883,
      username: "",
      password: "",
      topic: "solar/",
      retain: true,
      publish_interval: 5,
      clean_session: true,
      lwt: { topic: "dtu/status", value_online: "online", value_offline: "offline" },
      tls: {
        enabled: false,
        root_ca_cert: DEFAULT_ROOT_CA,
        certlogin: false,
        client_cert: "",
        client_key: "",
      },
      hass: { enabled: false, retain: true, topic: "homeassistant/", individual_panels: false, expire: true },
    },
    dtu: {
      serial: generatedDtuSerial(chipId),
      poll_interval: 5,
      nrf_pa_level: 0,
      cmt_pa_level: 0,
      cmt_frequency: 865000,
    },
    security: { password: DEFAULT_PASSWORD, allow_readonly: true },
    device: {
      pinmapping: "",
      display: { powersafe: true, screensaver: true, rotation: 2, contrast: 60, language: 0 },
    },
    inverters: Array.from({ length: 10 }, emptySlot),
  };
}

/**
 * The WiFi network the simulated station is joined to. The simulator reports a connected station (BSSID, RSSI,
 * a DHCP lease), which a real device only does once an SSID is configured; with none it runs just its access point
 * (API.md §4.9) and refuses a network save without an SSID (§3.17 check 7). A name here keeps the two consistent, so
 * an owner can save mDNS or the AP timeout without inventing a WiFi name.
 */
export const SIMULATED_SSID = "HomeWifi";

/**
 * What a first start of the gateway writes: the firmware defaults plus two inverters of different families (an
 * HM-800 on the nRF24 radio, an HMS-2000 on the CMT2300A), so live data shows at once (issue 2 §6), and the WiFi
 * network of the simulated station.
 */
export function gatewayDefaults(chipId: number): ConfigJson {
  const config = firmwareDefaults(chipId);
  config.wifi.ssid = SIMULATED_SSID;
  const hm = config.inverters[0] as ConfigInverter;
  hm.serial = serialFromWire("114182123456");
  hm.name = "Garage roof";
  hm.order = 0;
  (hm.channel[0] as ConfigChannel).name = "East";
  (hm.channel[0] as ConfigChannel).max_power = 410;
  (hm.channel[1] as ConfigChannel).name = "West";
  (hm.channel[1] as ConfigChannel).max_power = 410;
  const hms = config.inverters[1] as ConfigInverter;
  hms.serial = serialFromWire("116482345678");
  hms.name = "House roof";
  hms.order = 1;
  hms.channel.slice(0, 4).forEach((c, i) => {
    c.name = `South ${i + 1}`;
    c.max_power = 440;
  });
  return config;
}
