import type { ConfigInverter, ConfigJson } from "../../src/config/types.ts";
import { CONFIG_VERSION } from "../../src/config/types.ts";
import { createDeviceClock } from "../../src/time/index.ts";

export const BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3";

/** A host clock the test moves by hand. */
export function fakeHost(iso: string): { now(): number; set(iso: string): void; advance(ms: number): void } {
  let t = Date.parse(iso);
  return {
    now: () => t,
    set: (x) => void (t = Date.parse(x)),
    advance: (ms) => void (t += ms),
  };
}

export function slot(serialHex: string, patch: Partial<ConfigInverter> = {}): ConfigInverter {
  return {
    serial: serialHex ? parseInt(serialHex, 16) : 0,
    name: serialHex ? `Inverter ${serialHex.slice(-4)}` : "",
    order: 0,
    poll_enable: true,
    poll_enable_night: true,
    command_enable: true,
    command_enable_night: true,
    reachable_threshold: 2,
    zero_runtime: false,
    zero_day: false,
    channel: Array.from({ length: 6 }, () => ({ name: "", max_power: 0, yield_total_offset: 0 })),
    ...patch,
  };
}

/** A config.json with the given inverter slots (padded to 10) at the default place (API.md §5.1). */
export function configWith(inverters: ConfigInverter[], poll = 5): ConfigJson {
  const slots = [...inverters];
  while (slots.length < 10) slots.push(slot(""));
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
      timezone: BERLIN,
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
      tls: { enabled: false, root_ca_cert: "", certlogin: false, client_cert: "", client_key: "" },
      hass: { enabled: false, retain: true, topic: "homeassistant/", individual_panels: false, expire: true },
    },
    dtu: {
      serial: 0x199980125436,
      poll_interval: poll,
      nrf_pa_level: 0,
      cmt_pa_level: 0,
      cmt_frequency: 865000,
    },
    security: { password: "openDTU42", allow_readonly: true },
    device: {
      pinmapping: "",
      display: { powersafe: true, screensaver: true, rotation: 2, contrast: 60, language: 0 },
    },
    inverters: slots,
  };
}

export function clockAt(iso: string, timezone = BERLIN) {
  const host = fakeHost(iso);
  const clock = createDeviceClock({ clock: host, timezone });
  return { host, clock };
}
