import { deviceLimits, uiLimits } from "@dtu/api/limits";
import type { NetworkConfig } from "@dtu/api/settings";
import type { AnswerFields } from "../../components/ui/useSettingsForm";
import { checkLength, checkNumber, type Problems } from "../../components/ui/validation";

/** The editable part of the network config; the timeout as typed. */
export interface NetworkDraft {
  ssid: string;
  password: string;
  hostname: string;
  dhcp: boolean;
  ipaddress: string;
  netmask: string;
  gateway: string;
  dns1: string;
  dns2: string;
  mdnsenabled: boolean;
  aptimeout: string;
}

export type NetworkField = Exclude<keyof NetworkDraft, "dhcp" | "mdnsenabled">;

export function networkDraft(c: NetworkConfig): NetworkDraft {
  return {
    ssid: c.ssid,
    password: c.password,
    hostname: c.hostname,
    dhcp: c.dhcp,
    ipaddress: c.ipaddress,
    netmask: c.netmask,
    gateway: c.gateway,
    dns1: c.dns1,
    dns2: c.dns2,
    mdnsenabled: c.mdnsenabled,
    aptimeout: String(c.aptimeout),
  };
}

/** API.md §3.17: exactly three dots, digits only, each octet ≤ 255 (an empty octet reads as 0). */
const IP = /^((25[0-5]|2[0-4]\d|1?\d?\d|)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d|)$/;

/**
 * SEED §5 Network plus the device's own checks (API.md §3.17): the WiFi name 1–32 while the device uses WiFi (a fresh
 * device has none and would refuse the save), WiFi password up to 63, host name 1–31, the address fields as dotted
 * quads (checked only while the static card is shown, i.e. DHCP off), AP timeout 0–99999 minutes.
 */
export function validateNetwork(d: NetworkDraft, wifi = true): Problems<NetworkField> {
  const l = deviceLimits.network;
  const p: Problems<NetworkField> = {
    ssid: checkLength(d.ssid, l.ssid, wifi ? 1 : 0),
    password: checkLength(d.password, l.password),
    hostname: checkLength(d.hostname, l.hostname, 1),
    aptimeout: checkNumber(d.aptimeout, { ...uiLimits.network.apTimeout, integer: true }),
  };
  if (!d.dhcp) {
    for (const k of ["ipaddress", "netmask", "gateway", "dns1", "dns2"] as const)
      p[k] = IP.test(d[k]) ? undefined : { key: "check.ip" };
  }
  return p;
}

/**
 * The device's refusals by field: the three code-less ones of API.md §3.17, by their text key. The address and AP
 * timeout codes (8001–8006) stay in the alert: the form checks the same rules before sending, so they cannot come
 * back for a field on screen (with DHCP on the address fields are not shown), and each entry costs device bytes.
 */
export const NETWORK_ANSWERS: AnswerFields<NetworkField> = {
  "network.answerHostname": "hostname",
  "network.answerSsid": "ssid",
  "network.answerPassword": "password",
};

/** API.md §9.0 rule 2: the GET object (later keys such as syslog included) with only the edits. */
export function networkBody(base: NetworkConfig, d: NetworkDraft): NetworkConfig {
  return { ...base, ...d, aptimeout: Number(d.aptimeout) };
}
