/**
 * What makes each simulated device of a several-device gateway its own (issue 24 §2): a MAC derived from its name
 * (so its chip id, DTU serial, hostname and the fleet's random seed differ, API.md §4.9) and, at its first start, a
 * config.json whose inverters have serials no other device of this gateway has. After the first start the device's
 * own config.json rules, as on a real device.
 */
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { emptySlot, gatewayDefaults } from "../config/defaults.ts";
import { serializeConfig } from "../config/load.ts";
import { CONFIG_FILE } from "../config/store.ts";
import type { ConfigInverter } from "../config/types.ts";
import { DEFAULT_IDENTITY, chipIdFromMac, type IdentityOptions } from "../device/identity.ts";
import { serialFromWire } from "../wire/coerce.ts";
import { hash } from "../fleet/random.ts";
import { atomicWrite } from "../storage/atomicWrite.ts";

/** The first-start inverters' serials as wire text: family prefix + six digits (gatewayDefaults' HM-800 and HMS-2000). */
const FAMILIES = [
  { prefix: "114182", base: 123456 },
  { prefix: "116482", base: 345678 },
] as const;
/** Inverter slots of the device (API.md §5.1). */
const MAX_INVERTERS = 10;

/** A MAC in the default's vendor block whose last three bytes come from the name: same name, same device. */
export function simIdentity(name: string, index: number): Partial<IdentityOptions> {
  const h = hash(...Array.from(name, (c) => c.codePointAt(0) ?? 0));
  const bytes = [h >>> 16, h >>> 8, h].map((b) => (b & 0xff).toString(16).toUpperCase().padStart(2, "0"));
  return {
    mac: `${DEFAULT_IDENTITY.mac.slice(0, 8)}:${bytes.join(":")}`,
    ip: `192.168.20.${(57 + index) % 250}`,
  };
}

/**
 * Writes `<dataDir>/config.json` for the device's first start (nothing when it exists): the gateway's defaults with
 * `inverters` inverters (alternating HM-800 and HMS-2000 as in gatewayDefaults) whose serials carry the device's
 * index, so two devices never share a serial, and the MQTT base topic `solar/NAME/`.
 */
export async function seedSimConfig(
  dataDir: string,
  name: string,
  identity: Partial<IdentityOptions>,
  index: number,
  inverters = 2,
): Promise<void> {
  const path = join(dataDir, CONFIG_FILE);
  if (await stat(path).catch(() => null)) return;
  await mkdir(dataDir, { recursive: true });
  const chipId = chipIdFromMac(identity.mac ?? DEFAULT_IDENTITY.mac);
  const config = gatewayDefaults(chipId);
  const templates = config.inverters.slice(0, FAMILIES.length).map((slot) => structuredClone(slot));
  const count = Math.max(0, Math.min(MAX_INVERTERS, inverters));
  for (let slot = 0; slot < MAX_INVERTERS; slot++) {
    const family = slot % FAMILIES.length;
    const round = Math.floor(slot / FAMILIES.length);
    const template = templates[family] as ConfigInverter;
    if (slot >= count) {
      config.inverters[slot] = emptySlot();
      continue;
    }
    const { prefix, base } = FAMILIES[family] as (typeof FAMILIES)[number];
    const digits = String((base + index * 100 + round) % 1_000_000).padStart(6, "0");
    config.inverters[slot] = {
      ...structuredClone(template),
      serial: serialFromWire(prefix + digits),
      name: round === 0 ? template.name : `${template.name} ${round + 1}`,
      order: slot,
    };
  }
  // Devices sharing a broker must not share topics (MQTT.md: `<topic>dtu/…` would collide): one base per device,
  // at most 31 characters with a 24-character name (the firmware's limit is 32).
  config.mqtt.topic = `solar/${name}/`;
  await atomicWrite(path, serializeConfig(config, chipId));
}
