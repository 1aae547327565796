/** Network settings and status (API.md §3.17); identity values per §4.9. */
import { deviceLimits } from "@dtu/api/limits";
import type { Gateway } from "../device/gateway.ts";
import { apMac, wifiStation } from "../device/identity.ts";
import { asBool, asInt, asString, byteLength, truncate } from "../wire/coerce.ts";
import { codelessWarning, result } from "../http/result.ts";
import { has, postHandler, saved, type Handlers } from "./types.ts";

const N = deviceLimits.network;

/**
 * The device's IP text check (API.md §3.17): exactly three dots, only digits, each octet ≤ 255, an empty octet counts
 * as 0, the empty string is invalid. Returns the normalised dotted quad or null.
 */
export function parseIp(text: string): string | null {
  if (text === "" || !/^[0-9.]*$/.test(text)) return null;
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (p === "" ? 0 : Number(p)));
  if (octets.some((o) => !Number.isInteger(o) || o > 255)) return null;
  return octets.join(".");
}

/** Ethernet mode when the active pin profile enables it; WiFi station otherwise. */
function ethernet(gw: Gateway): boolean {
  return gw.pins.eth.enabled;
}

/**
 * The admin AP is on at boot and after a network save; it switches off after `aptimeout` minutes of being connected
 * to the WiFi network (0 = never), API.md §4.9.
 */
function apActive(gw: Gateway): boolean {
  const minutes = gw.config.wifi.aptimeout;
  // The timeout only runs while the station is connected; without an SSID it never connects.
  if (minutes === 0 || gw.config.wifi.ssid === "" || ethernet(gw)) return true;
  return gw.hostClock.now() - gw.apSince < minutes * 60_000;
}

export const networkHandlers = {
  networkConfigGet: ({ gw }) => {
    const w = gw.config.wifi;
    return {
      hostname: w.hostname,
      dhcp: w.dhcp,
      ipaddress: w.ip,
      netmask: w.netmask,
      gateway: w.gateway,
      dns1: w.dns1,
      dns2: w.dns2,
      ssid: w.ssid,
      password: w.password,
      aptimeout: w.aptimeout,
      mdnsenabled: gw.config.mdns.enabled,
    };
  },
  networkStatus: ({ gw }) => {
    const w = gw.config.wifi;
    const id = gw.identity;
    const eth = ethernet(gw);
    // The same radio values as Prometheus and MQTT (the simulated station is connected: it is reachable).
    const radio = wifiStation(id, eth);
    // With DHCP the gateway reports its simulated lease; a static setup reports the configured values.
    const ip = w.dhcp ? id.ip : w.ip;
    const subnet = ip.split(".").slice(0, 3).join(".");
    return {
      sta_status: !eth,
      sta_ssid: w.ssid,
      sta_bssid: radio.bssid,
      sta_rssi: radio.rssi,
      network_hostname: id.hostname(),
      network_ip: ip,
      network_netmask: w.dhcp ? "255.255.255.0" : w.netmask,
      network_gateway: w.dhcp ? `${subnet}.1` : w.gateway,
      network_dns1: w.dhcp ? `${subnet}.1` : w.dns1,
      network_dns2: w.dhcp ? "0.0.0.0" : w.dns2,
      network_mac: id.mac,
      network_mode: eth ? "Ethernet" : "Station",
      ap_status: apActive(gw),
      ap_ssid: id.apSsid,
      ap_ip: "192.168.4.1",
      ap_mac: apMac(id.mac),
      ap_stationnum: 0,
    };
  },
  networkConfigPost: postHandler(
    {
      required: (r) =>
        has(r, "ssid", "password", "hostname", "dhcp", "ipaddress", "netmask", "gateway", "dns1", "dns2") &&
        has(r, "aptimeout"),
    },
    async (root, ctx) => {
      const ip = parseIp(asString(root.ipaddress));
      if (ip === null) return result(8001);
      const netmask = parseIp(asString(root.netmask));
      if (netmask === null) return result(8002);
      const gateway = parseIp(asString(root.gateway));
      if (gateway === null) return result(8003);
      const dns1 = parseIp(asString(root.dns1));
      if (dns1 === null) return result(8004);
      const dns2 = parseIp(asString(root.dns2));
      if (dns2 === null) return result(8005);
      const hostname = asString(root.hostname);
      if (byteLength(hostname) === 0 || byteLength(hostname) > N.hostname) {
        return codelessWarning("Hostname must between 1 and 31 characters long!");
      }
      const ssid = asString(root.ssid);
      if (!ethernet(ctx.gw) && (byteLength(ssid) === 0 || byteLength(ssid) > N.ssid)) {
        return codelessWarning("SSID must between 1 and 32 characters long!");
      }
      const password = asString(root.password);
      if (byteLength(password) > N.password) {
        return codelessWarning("Password must not be longer than 64 characters long!");
      }
      const aptimeout = asInt(root.aptimeout, "uint32");
      if (aptimeout > N.apTimeout) return result(8006);
      const w = ctx.gw.config.wifi;
      w.ip = ip;
      w.netmask = netmask;
      w.gateway = gateway;
      w.dns1 = dns1;
      w.dns2 = dns2;
      w.ssid = truncate(ssid, N.ssid);
      w.password = truncate(password, N.passwordStored);
      w.hostname = truncate(hostname, N.hostname);
      w.dhcp = asBool(root.dhcp);
      w.aptimeout = aptimeout;
      ctx.gw.config.mdns.enabled = asBool(root.mdnsenabled);
      await saved(ctx, () => {
        // Saving re-enables the admin AP and restarts its timeout (API.md §3.17).
        ctx.gw.apSince = ctx.gw.hostClock.now();
      });
      return result(1001);
    },
  ),
} satisfies Partial<Handlers>;
