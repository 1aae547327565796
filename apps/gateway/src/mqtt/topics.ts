/**
 * Pure builders for the device → broker topic tree (MQTT.md §3). Sub-topics are relative to the base topic; the
 * publisher adds the base, QoS 0 and the retain flag (§2).
 */
import type { DeviceInfo, LiveData, LiveInverter } from "@dtu/api/live";
import type { ConfigInverter, ConfigJson } from "../config/types.ts";
import type { DeviceIdentity } from "../device/contracts.ts";
import { sameSerial } from "../wire/serial.ts";
import { AC_FIELDS, DC_FIELDS, INV_FIELDS, fixed } from "./fields.ts";

export interface Outgoing {
  topic: string;
  payload: string;
}

const bool = (b: boolean): string => (b ? "1" : "0");

export function configInverter(config: ConfigJson, serial: string): ConfigInverter | undefined {
  return config.inverters.find((inv) => inv.serial !== 0 && sameSerial(inv.serial, serial));
}

/** §3.1 (the LWT topic is handled by the connection). The device is in WiFi mode, so rssi/bssid are sent. */
export function dtuMessages(identity: DeviceIdentity, uptimeSeconds: number): Outgoing[] {
  // The firmware derives uptime from a 32-bit millisecond counter, so it wraps after ~49.7 days (§3.1).
  const wrappedMs = (Math.floor(uptimeSeconds) * 1000) % 2 ** 32;
  return [
    { topic: "dtu/uptime", payload: String(Math.floor(wrappedMs / 1000)) },
    { topic: "dtu/ip", payload: identity.ip },
    { topic: "dtu/hostname", payload: identity.hostname() },
    { topic: "dtu/rssi", payload: String(identity.rssi) },
    { topic: "dtu/bssid", payload: identity.bssid },
  ];
}

function value(channel: Record<string, unknown> | undefined, property: string): number | undefined {
  const field = channel?.[property];
  if (field && typeof field === "object" && "v" in field && typeof field.v === "number") return field.v;
  return undefined;
}

/** §3.2: sums over the inverters, with the selection rules of the live `total` (API.md §3.1). */
export function totalsMessages(live: LiveData, config: ConfigJson): Outgoing[] {
  let acPower = 0;
  let anyPolling = false;
  let yieldTotal = 0;
  let yieldDay = 0;
  let dcPower = 0;
  let allReachable = true;
  let irradiatedPower = 0;
  let installedPower = 0;
  for (const inv of live.inverters) {
    const ac = inv.AC?.["0"];
    if (inv.poll_enabled) {
      anyPolling = true;
      acPower += value(ac, "Power") ?? 0;
      dcPower += value(ac, "Power DC") ?? 0;
      if (!inv.reachable) allReachable = false;
      for (const dc of Object.values(inv.DC ?? {})) {
        const irradiation = dc["Irradiation"];
        if (
          irradiation &&
          "max" in irradiation &&
          typeof irradiation.max === "number" &&
          irradiation.max > 0
        ) {
          irradiatedPower += value(dc, "Power") ?? 0;
          installedPower += irradiation.max;
        }
      }
    }
    if (configInverter(config, inv.serial)?.poll_enable ?? inv.poll_enabled) {
      yieldTotal += value(ac, "YieldTotal") ?? 0;
      yieldDay += value(ac, "YieldDay") ?? 0;
    }
  }
  const valid = bool(allReachable);
  return [
    { topic: "ac/power", payload: fixed(acPower, anyPolling ? 1 : 0) },
    { topic: "ac/yieldtotal", payload: fixed(yieldTotal, 3) },
    { topic: "ac/yieldday", payload: fixed(yieldDay, 0) },
    { topic: "ac/is_valid", payload: valid },
    { topic: "dc/power", payload: fixed(dcPower, 1) },
    {
      topic: "dc/irradiation",
      payload: fixed(installedPower > 0 ? (irradiatedPower / installedPower) * 100 : 0, 3),
    },
    { topic: "dc/is_valid", payload: valid },
  ];
}

/** §3.3 topics published every cycle (name, device info, limits, status). */
export function inverterStatusMessages(
  inv: LiveInverter,
  info: DeviceInfo | null,
  lastUpdateMs: number,
): Outgoing[] {
  const s = inv.serial;
  const out: Outgoing[] = [{ topic: `${s}/name`, payload: inv.name }];
  if (info?.valid_data) {
    out.push(
      { topic: `${s}/device/bootloaderversion`, payload: String(info.fw_bootloader_version) },
      { topic: `${s}/device/fwbuildversion`, payload: String(info.fw_build_version) },
      { topic: `${s}/device/fwbuilddatetime`, payload: info.fw_build_datetime },
      { topic: `${s}/device/hwpartnumber`, payload: String(info.hw_part_number) },
      { topic: `${s}/device/hwversion`, payload: info.hw_version },
    );
  }
  // The live limit is 0 until the inverter reported it (API.md §3.1); a received statistics sample comes with the
  // first read-back on the simulated fleet, so either tells that a limit is known.
  if (inv.limit_relative > 0 || lastUpdateMs > 0) {
    out.push({ topic: `${s}/status/limit_relative`, payload: fixed(inv.limit_relative, 2) });
    if (inv.limit_absolute >= 0)
      out.push({ topic: `${s}/status/limit_absolute`, payload: fixed(inv.limit_absolute, 2) });
  }
  out.push(
    { topic: `${s}/status/reachable`, payload: bool(inv.reachable) },
    { topic: `${s}/status/producing`, payload: bool(inv.producing) },
    { topic: `${s}/status/last_update`, payload: String(Math.floor(lastUpdateMs / 1000)) },
  );
  return out;
}

/** §3.4 channel values; the caller sends them only when a new statistics sample arrived. */
export function inverterChannelMessages(inv: LiveInverter): Outgoing[] {
  const s = inv.serial;
  const out: Outgoing[] = [];
  const ac = inv.AC?.["0"];
  for (const f of AC_FIELDS) {
    const v = value(ac, f.live);
    if (v !== undefined) out.push({ topic: `${s}/0/${f.topic}`, payload: fixed(v, f.decimals) });
  }
  const inverterChannel = inv.INV?.["0"];
  for (const f of INV_FIELDS) {
    const v = value(inverterChannel, f.live);
    if (v !== undefined) out.push({ topic: `${s}/0/${f.topic}`, payload: fixed(v, f.decimals) });
  }
  // DC channels are 0-based in the live document and 1-based on MQTT (API.md trap 7).
  const dcKeys = Object.keys(inv.DC ?? {})
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
  for (const index of dcKeys) {
    const dc = inv.DC?.[String(index)];
    const channel = index + 1;
    const nameField = dc?.["name"];
    out.push({
      topic: `${s}/${channel}/name`,
      payload: nameField && "u" in nameField ? nameField.u.trim() : "",
    });
    for (const f of DC_FIELDS) {
      const v = value(dc, f.live) ?? (f.live === "Irradiation" ? 0 : undefined);
      if (v !== undefined) out.push({ topic: `${s}/${channel}/${f.topic}`, payload: fixed(v, f.decimals) });
    }
  }
  return out;
}
