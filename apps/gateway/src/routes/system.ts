/** System status and the Prometheus metrics (API.md §3.19, §3.20). */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { FIELD_NAMES, type Channel } from "@dtu/api/live";
import type { SystemStatus } from "@dtu/api/system";
import type { Gateway } from "../device/gateway.ts";
import { wifiStation } from "../device/identity.ts";
import { cmtConfigured, nrfConfigured } from "../device/pins.ts";
import { sendZones } from "../http/static.ts";
import { isDeviceFile } from "../storage/deviceFiles.ts";
import type { Handlers } from "./types.ts";

/** Plausible fixed values of an ESP32 running v23.11.16. */
const HEAP_TOTAL = 291532;
const SKETCH_TOTAL = 1966080;
const SKETCH_USED = 1512448;
const LITTLEFS_TOTAL = 262144;
const CHIP_MODEL = "ESP32-D0WDQ6";

/** Free heap wanders a little, as on a device; derived from uptime so answers stay reproducible in tests. */
function heapUsed(gw: Gateway): number {
  const wobble = (gw.uptimeSeconds() * 7919) % 4096;
  return 146000 + wobble + gw.config.inverters.filter((i) => i.serial !== 0).length * 1800;
}

async function littlefsUsed(dir: string): Promise<number> {
  let used = 8192; // file-system metadata blocks
  try {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      // The gateway's own files (history.db, alerts.json, …) are not on the device's file system.
      if (!entry.isFile() || !isDeviceFile(entry.name)) continue;
      const size = (await stat(join(dir, entry.name))).size;
      used += Math.ceil(size / 4096) * 4096 || 4096;
    }
  } catch {
    // folder gone: report the metadata only
  }
  return Math.min(used, LITTLEFS_TOTAL);
}

function resetReason(gw: Gateway): string {
  return gw.softResets > 0 ? "Software reset CPU" : "Vbat power on reset";
}

export function systemStatus(gw: Gateway, littlefs: number): SystemStatus {
  return {
    hostname: gw.identity.hostname(),
    sdkversion: "v4.4.4",
    cpufreq: 240,
    heap_total: HEAP_TOTAL,
    heap_used: heapUsed(gw),
    sketch_total: SKETCH_TOTAL,
    sketch_used: SKETCH_USED,
    littlefs_total: LITTLEFS_TOTAL,
    littlefs_used: littlefs,
    chiprevision: 3,
    chipmodel: CHIP_MODEL,
    chipcores: 2,
    resetreason_0: resetReason(gw),
    resetreason_1: resetReason(gw),
    cfgsavecount: gw.config.cfg.save_count,
    config_version: "0.1.25",
    git_hash: gw.identity.gitHash,
    pioenv: "generic_esp32",
    uptime: gw.uptimeSeconds(),
    nrf_configured: nrfConfigured(gw.pins),
    nrf_connected: nrfConfigured(gw.pins),
    nrf_pvariant: nrfConfigured(gw.pins),
    cmt_configured: cmtConfigured(gw.pins),
    cmt_connected: cmtConfigured(gw.pins),
  };
}

/** Metric order inside a channel (API.md §3.20): the live keys in live order, `Power DC` spelt `PowerDC`. */
const AC_FIELDS = FIELD_NAMES.filter((f) => f !== "Irradiation");
const DC_FIELDS = ["Power", "Voltage", "Current", "YieldDay", "YieldTotal"];
const COUNTERS = new Set(["YieldDay", "YieldTotal"]);

function field(channel: Channel | undefined, key: string): { v: number; u: string; d: number } | null {
  const f = channel?.[key];
  return f && "v" in f ? f : null;
}

/** The Prometheus text of §3.20, built from the live document and the config. */
export function prometheus(gw: Gateway): string {
  const id = gw.identity;
  const out: string[] = [];
  const header = (name: string, help: string, type = "gauge"): void => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  };
  header("opendtu_build", "Build info");
  out.push(`opendtu_build{name="${id.hostname()}",id="${id.gitHash}",version="0.1.25"} 1`);
  header("opendtu_platform", "Platform info");
  out.push(`opendtu_platform{arch="${CHIP_MODEL}",mac="${id.mac}"} 1`);
  header("opendtu_uptime", "Uptime in seconds", "counter");
  out.push(`opendtu_uptime ${gw.uptimeSeconds()}`);
  header("opendtu_heap_size", "System memory size");
  out.push(`opendtu_heap_size ${HEAP_TOTAL}`);
  header("opendtu_free_heap_size", "System free memory");
  out.push(`opendtu_free_heap_size ${HEAP_TOTAL - heapUsed(gw)}`);
  const radio = wifiStation(id, gw.pins.eth.enabled);
  header("wifi_rssi", "WiFi RSSI");
  out.push(`wifi_rssi ${radio.rssi}`);
  header("wifi_station", "WiFi Station info");
  out.push(`wifi_station{bssid="${radio.bssid}"} 1`);

  const live = gw.fleet.liveData();
  const uptime = gw.uptimeSeconds();
  live.inverters.forEach((inv, unit) => {
    const labels = `serial="${inv.serial}",unit="${unit}",name="${inv.name}"`;
    if (unit === 0) header("opendtu_last_update", "last update from inverter in s");
    const last = gw.fleet.lastUpdate(inv.serial);
    const lastUptime = last > 0 ? Math.max(0, uptime - Math.floor((gw.clock.now() - last) / 1000)) : 0;
    out.push(`opendtu_last_update{${labels}} ${lastUptime}`);
    if (last <= 0) return;
    const first = unit === 0;
    const ac = inv.AC?.["0"];
    const line = (
      key: string,
      f: { v: number; u: string; d: number },
      type: string,
      ch: string,
      help: boolean,
    ) => {
      const metric = `opendtu_${key.replace(" ", "")}`;
      if (help) header(metric, `in ${f.u}`, COUNTERS.has(key) ? "counter" : "gauge");
      out.push(`${metric}{${labels},type="${type}",channel="${ch}"} ${f.v.toFixed(f.d)}`);
    };
    for (const [ch, channel] of Object.entries(inv.AC ?? {})) {
      for (const key of AC_FIELDS) {
        const f = field(channel, key);
        if (f) line(key, f, "AC", ch, first && ch === "0" && field(ac, key) !== null);
      }
    }
    for (const [ch, channel] of Object.entries(inv.DC ?? {})) {
      // Quirk: panel info comes from the config slot with the radio-list index (API.md §3.20).
      const slot = gw.config.inverters[unit];
      const cfg = slot?.channel[Number(ch)];
      const panelHelp = first && ch === "0";
      if (panelHelp) header("opendtu_PanelInfo", "panel information");
      out.push(`opendtu_PanelInfo{${labels},channel="${ch}",panelname="${cfg?.name ?? ""}"} 1`);
      if (panelHelp) header("opendtu_MaxPower", "panel maximum output power");
      out.push(`opendtu_MaxPower{${labels},channel="${ch}"} ${cfg?.max_power ?? 0}`);
      if (panelHelp) header("opendtu_YieldTotalOffset", "panel yield offset (for used inverters)");
      out.push(
        `opendtu_YieldTotalOffset{${labels},channel="${ch}"} ${(cfg?.yield_total_offset ?? 0).toFixed(6)}`,
      );
      for (const key of DC_FIELDS) {
        const f = field(channel, key);
        if (f) line(key, f, "DC", ch, false);
      }
      // Irradiation always appears here, 0 without a max power (unlike the live data).
      const irr = field(channel, "Irradiation") ?? { v: 0, u: "%", d: 3 };
      line("Irradiation", irr, "DC", ch, false);
    }
    for (const [ch, channel] of Object.entries(inv.INV ?? {})) {
      const f = field(channel, "Temperature");
      if (f) line("Temperature", f, "INV", ch, false);
    }
  });
  return out.join("\n") + "\n" + gw.metrics.map((more) => more()).join("");
}

export const systemHandlers = {
  systemStatus: async ({ gw }) => systemStatus(gw, await littlefsUsed(gw.dataDir)),
  prometheus: ({ gw, reply }) => {
    void reply
      .code(200)
      .header("content-type", "text/plain; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(prometheus(gw));
    return undefined;
  },
  zones: async ({ gw, reply }) => {
    await sendZones(gw, reply);
    return undefined;
  },
} satisfies Partial<Handlers>;
