import { uiLimits } from "@dtu/api/limits";
import type { NetworkConfig } from "@dtu/api/settings";
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

/**
 * SEED §5 Network: SSID 32, password 64, hostname 32, the address fields 32 each (checked only while the static
 * card is shown, i.e. DHCP off), AP timeout 0–99999 minutes. Finer rules (31-character host name, dotted quads)
 * are the server's (API.md §3.17, §7).
 */
export function validateNetwork(d: NetworkDraft): Problems<NetworkField> {
  const l = uiLimits.network;
  const p: Problems<NetworkField> = {
    ssid: checkLength(d.ssid, l.ssid),
    password: checkLength(d.password, l.password),
    hostname: checkLength(d.hostname, l.hostname),
    aptimeout: checkNumber(d.aptimeout, { ...l.apTimeout, integer: true }),
  };
  if (!d.dhcp) {
    for (const k of ["ipaddress", "netmask", "gateway", "dns1", "dns2"] as const)
      p[k] = checkLength(d[k], l.ip);
  }
  return p;
}

/** API.md §9.0 rule 2: the GET object (later keys such as syslog included) with only the edits. */
export function networkBody(base: NetworkConfig, d: NetworkDraft): NetworkConfig {
  return { ...base, ...d, aptimeout: Number(d.aptimeout) };
}
