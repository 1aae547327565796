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

/** A config save that could not be written (disk full or failing): the device's 1006 "Write failed!" (API.md §9.8). */
export class WriteFailedError extends Error {
  constructor(cause: unknown) {
    super(`config could not be written: ${(cause as Error).message ?? String(cause)}`);
  }
}

/**
 * Puts `source`'s values back into `target` without replacing its objects: the running parts (fleet, MQTT) may hold
 * references to sections of the config, and they must see the rolled-back values too.
 */
function restoreInPlace(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    const sameShape =
      typeof current === "object" &&
      current !== null &&
      typeof value === "object" &&
      value !== null &&
      Array.isArray(current) === Array.isArray(value) &&
      (!Array.isArray(value) || (current as unknown[]).length === value.length);
    if (sameShape) restoreInPlace(current as Record<string, unknown>, value as Record<string, unknown>);
    else target[key] = structuredClone(value);
  }
}

export const CONFIG_FILE = "config.json";
export const PIN_MAPPING_FILE = "pin_mapping.json";

export class ConfigStore {
  readonly dataDir: string;
  readonly path: string;
  config: ConfigJson;
  private readonly chipId: number;
  private readonly log: LogLine;
  private chain: Promise<void> = Promise.resolve();
  /** The config as last read from or written to disk: what a failed save rolls the running config back to. */
  private disk: ConfigJson;
  /** True after the first load: from then on, temporary files in the folder may belong to writes in flight. */
  private booted = false;
  /** Counts failed writes; each rolled the running config back, undoing every change whose save was still queued. */
  private rollbacks = 0;

  /** `write`: how the file is written (a test puts a failing one in front of the real atomic write). */
  constructor(
    dataDir: string,
    chipId: number,
    log: LogLine,
    private readonly write: typeof atomicWrite = atomicWrite,
  ) {
    this.dataDir = dataDir;
    this.path = join(dataDir, CONFIG_FILE);
    this.chipId = chipId;
    this.log = log;
    this.config = gatewayDefaults(chipId);
    this.disk = structuredClone(this.config);
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
      // Unreadable (a folder, no permission): stop with the path, so the start message can name it (issue 11).
      if ((err as NodeJS.ErrnoException).code !== "ENOENT")
        throw Object.assign(err as Error, { path: this.path });
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
    this.disk = structuredClone(this.config);
    if (write) {
      await this.save().catch((err: unknown) => {
        if (!(err instanceof WriteFailedError)) throw err;
        // A read-only data folder or a full disk on a first start: the live view runs on these settings and the
        // start says why they are not kept (issue 21 item 2); every later save answers 1006 until it can write.
        const line = `Settings cannot be saved: ${this.path} ${err.message.replace(/^config /, "")}; running on them until it can be written.`;
        this.log(line);
        console.warn(line);
      });
    }
    return this.config;
  }

  /**
   * Writes the current config (save_count + 1) atomically; saves run one after another. When the write fails the
   * running config is rolled back to what is on disk (better than the device, which keeps the change in memory until
   * the next reboot silently drops it, API.md §9.8) and the promise rejects with WriteFailedError. A save queued
   * behind a failed one rejects as well: its change was made before the rollback and went with it, so success would
   * report a change that is neither running nor stored.
   */
  save(): Promise<void> {
    const rollbacks = this.rollbacks;
    const run = this.chain.then(async () => {
      if (this.rollbacks !== rollbacks)
        throw new WriteFailedError(new Error("undone by the failed write before it"));
      this.config.cfg.save_count += 1;
      try {
        await this.write(this.path, serializeConfig(this.config, this.chipId));
      } catch (err) {
        this.rollbacks += 1;
        restoreInPlace(
          this.config as unknown as Record<string, unknown>,
          this.disk as unknown as Record<string, unknown>,
        );
        this.log(`Config save failed (${(err as NodeJS.ErrnoException).code ?? "error"}), changes undone`);
        throw new WriteFailedError(err);
      }
      this.disk = structuredClone(this.config);
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
