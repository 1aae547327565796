/**
 * The device's config.json and pin_mapping.json in the data folder (API.md §5). Loading follows §5.2 (missing file →
 * defaults written, corrupt file → defaults with the broken file kept beside it); every save is atomic and counts
 * `cfg.save_count`.
 */
import { readFileSync, renameSync } from "node:fs";
import { mkdir, readFile, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { atomicWrite } from "../storage/atomicWrite.ts";
import type { LogLine } from "../device/contracts.ts";
import { PLACEHOLDER_DTU_SERIAL, gatewayDefaults, generatedDtuSerial } from "./defaults.ts";
import { normalizeConfig, serializeConfig } from "./load.ts";
import type { ConfigJson } from "./types.ts";

export const CONFIG_FILE = "config.json";
export const PIN_MAPPING_FILE = "pin_mapping.json";

export class ConfigStore {
  readonly dataDir: string;
  readonly path: string;
  config: ConfigJson;
  private readonly chipId: number;
  private readonly log: LogLine;
  private chain: Promise<void> = Promise.resolve();
  /** True after the first load: from then on, temporary files in the folder may belong to writes in flight. */
  private booted = false;

  constructor(dataDir: string, chipId: number, log: LogLine) {
    this.dataDir = dataDir;
    this.path = join(dataDir, CONFIG_FILE);
    this.chipId = chipId;
    this.log = log;
    this.config = gatewayDefaults(chipId);
  }

  /** Reads config.json as the firmware does at boot; writes it when it was missing, migrated or got a serial. */
  async load(): Promise<ConfigJson> {
    await mkdir(this.dataDir, { recursive: true });
    if (!this.booted) {
      // Temporary files of writes interrupted by a crash are never the config; clear them away. Only at the process's
      // first load: at a simulated reboot a save (or the fleet's state) may be writing its temporary file right now,
      // and removing it made that save fail.
      for (const name of await readdir(this.dataDir).catch(() => [] as string[])) {
        if (name.startsWith(".") && name.endsWith(".tmp"))
          await unlink(join(this.dataDir, name)).catch(() => undefined);
      }
      this.booted = true;
    }
    // On the device a save and the boot's read never interleave. Wait until no save is queued, then read and adopt
    // the file without awaiting anything: a request handled meanwhile either saved before (and is in the file) or
    // changes the freshly loaded config afterwards. Synchronous reads of this small file keep that window closed.
    for (let chain = this.chain; ; chain = this.chain) {
      await chain;
      if (chain === this.chain) break;
    }
    let text: string | null = null;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    let write = false;
    if (text === null) {
      this.log("Config file not found, using defaults");
      this.config = gatewayDefaults(this.chipId);
      write = true;
    } else {
      let parsed: unknown;
      let ok = true;
      try {
        parsed = JSON.parse(text);
        ok = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
      } catch {
        ok = false;
      }
      if (!ok) {
        const kept = `${this.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
        try {
          renameSync(this.path, kept);
        } catch {
          // nothing to keep aside
        }
        const line = `Failed to read config file, using defaults. The broken file was kept as ${kept}`;
        this.log(line);
        // Also on stderr: at boot no console client is connected yet, and losing settings must not go unnoticed.
        console.warn(line);
        this.config = gatewayDefaults(this.chipId);
        write = true;
      } else {
        const { config, migrated } = normalizeConfig(parsed, this.chipId);
        this.config = config;
        if (migrated) {
          this.log("Config version changed, migrating config file");
          write = true;
        }
      }
    }
    if (this.config.dtu.serial === PLACEHOLDER_DTU_SERIAL || this.config.dtu.serial === 0) {
      // First boot: the placeholder serial is replaced by one derived from the chip id (API.md §4.9).
      this.config.dtu.serial = generatedDtuSerial(this.chipId);
      write = true;
    }
    if (write) await this.save();
    return this.config;
  }

  /** Writes the current config (save_count + 1) atomically; saves run one after another. */
  save(): Promise<void> {
    const run = this.chain.then(async () => {
      this.config.cfg.save_count += 1;
      await atomicWrite(this.path, serializeConfig(this.config, this.chipId));
      this.log("Config saved");
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Factory reset: config.json disappears; the next load writes defaults (API.md §3.12). */
  async remove(): Promise<void> {
    await this.chain;
    await unlink(this.path).catch(() => undefined);
  }

  /** Waits for pending writes. */
  async flush(): Promise<void> {
    await this.chain;
  }
}

/** The raw pin_mapping.json (API.md §5.3); null when missing or not a JSON array. */
export async function readPinMapping(dataDir: string): Promise<unknown[] | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, PIN_MAPPING_FILE), "utf8"));
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
