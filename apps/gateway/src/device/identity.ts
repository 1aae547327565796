/** Identity values derived from one configurable MAC (API.md §4.9). */
import type { DeviceIdentity } from "./contracts.ts";

export interface IdentityOptions {
  /** Factory station MAC, `AA:BB:CC:DD:EE:FF`. */
  mac: string;
  ip: string;
  bssid: string;
  rssi: number;
  gitHash: string;
}

export const DEFAULT_IDENTITY: IdentityOptions = {
  mac: "24:0A:C4:5E:91:3B",
  ip: "192.168.20.57",
  bssid: "A4:2B:8C:11:22:33",
  rssi: -61,
  gitHash: "v23.11.16",
};

/** Chip id = last three bytes of the MAC (API.md §4.9). */
export function chipIdFromMac(mac: string): number {
  const bytes = mac.split(":").map((b) => parseInt(b, 16));
  if (bytes.length !== 6 || bytes.some((b) => !Number.isInteger(b) || b < 0 || b > 255)) {
    throw new Error(`invalid MAC address: ${mac}`);
  }
  return (((bytes[3] ?? 0) << 16) | ((bytes[4] ?? 0) << 8) | (bytes[5] ?? 0)) >>> 0;
}

/** The MAC plus one in the last byte: the access-point interface. */
export function apMac(mac: string): string {
  const bytes = mac.split(":").map((b) => parseInt(b, 16));
  let carry = 1;
  for (let i = 5; i >= 0 && carry; i--) {
    const v = (bytes[i] ?? 0) + carry;
    bytes[i] = v & 0xff;
    carry = v > 0xff ? 1 : 0;
  }
  return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
}

/**
 * Hostname from the stored template (API.md §4.9): `%06X` → six upper-case hex digits of the chip id; then letters
 * and digits kept, space _ - + ! ? * become `-`, everything else dropped, at most 31 characters, trailing `-`
 * removed; an empty result falls back to the default pattern.
 */
export function resolveHostname(template: string, chipId: number): string {
  const hex = chipId.toString(16).toUpperCase().padStart(6, "0");
  const apply = (t: string): string => t.replace(/%06X/g, hex);
  const sanitise = (t: string): string => {
    let out = "";
    for (const ch of t) {
      if (/^[A-Za-z0-9]$/.test(ch)) out += ch;
      else if (" _-+!?*".includes(ch)) out += "-";
    }
    return out.slice(0, 31).replace(/-+$/, "");
  };
  const name = sanitise(apply(template));
  return name === "" ? sanitise(apply("OpenDTU-%06X")) : name;
}

export function createIdentity(options: IdentityOptions, hostnameTemplate: () => string): DeviceIdentity {
  const chipId = chipIdFromMac(options.mac);
  return {
    mac: options.mac.toUpperCase(),
    chipId,
    hostname: () => resolveHostname(hostnameTemplate(), chipId),
    apSsid: `OpenDTU-${chipId}`,
    ip: options.ip,
    bssid: options.bssid,
    rssi: options.rssi,
    gitHash: options.gitHash,
  };
}

/**
 * What the WiFi radio reports (API.md §3.17, §3.20; MQTT.md dtu/rssi, dtu/bssid): one source for the network status,
 * Prometheus and MQTT, as the firmware reads the same radio for all three. In Ethernet mode the station is off.
 */
export function wifiStation(identity: DeviceIdentity, ethernet: boolean): { rssi: number; bssid: string } {
  return ethernet ? { rssi: 0, bssid: "00:00:00:00:00:00" } : { rssi: identity.rssi, bssid: identity.bssid };
}
