/**
 * History that never stops the gateway (issue 21 item 2). `keepHistory` opens `<data>/history.db` and checks it; a
 * damaged file is kept aside as `history.db.corrupt-<time>` and a new one started (as config.json is); a folder or
 * disk that cannot be written leaves the gateway running without history, with the reason in words naming the file
 * (start message, console, the history API's answer), and the file is tried again every `retryMs` until it opens.
 * A file written by a newer gateway (a schema version above ours, schema.ts) is never written: it is kept aside as
 * `history.db.newer-<time>` and this run goes on without history (storage/sqliteFile.ts), saying so.
 * Writes that fail while running (disk full) lose only their samples: the recorder handed out here never throws.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { retryTimer } from "../lib/backoff.ts";
import { inWords as reason, isDamaged } from "../storage/dbWords.ts";
import { keepAside } from "../storage/keepAside.ts";
import { FILE_RETRY_MS, NewerFile } from "../storage/sqliteFile.ts";
import type { GridSink } from "./grid.ts";
import { HISTORY_FILE, openHistory, type History, type HistoryOptions } from "./index.ts";
import type { InverterReading } from "./reading.ts";
import type { Recorder } from "./recorder.ts";

export interface KeeperOptions extends HistoryOptions {
  log: (line: string) => void;
  /** Called each time the history opens (at start or on a later retry): simulated mode backfills here. */
  onOpen?: (h: History) => void;
  /** How often an unavailable history is tried again (default 30 s); tests call `retry()` instead. */
  retryMs?: number;
}

export interface HistoryKeeper {
  /** The open history, or null while it cannot be used. */
  current(): History | null;
  /** Why history is not recorded, in words naming the file; null while it is. */
  problem(): string | null;
  /** What happened at start (damaged file kept aside, or why there is no history); null when all was well. */
  startNote(): string | null;
  /** Records into the current history; a failed write loses only these samples and is said once on the console. */
  recorder: Recorder;
  /** The household meter's recording into the current history (nothing without one); never throws. */
  grid: GridSink;
  /** Tries to open an unavailable history now; true when it is open afterwards. */
  retry(): boolean;
  close(): void;
}

class Damaged extends Error {}

/** Opens the file, checks it (`quick_check`) and proves it can be written; throws what went wrong. */
function openChecked(opts: HistoryOptions): History {
  mkdirSync(opts.dataDir, { recursive: true });
  const h = openHistory(opts);
  try {
    const check = (h.db.prepare("PRAGMA quick_check").raw(true).get() as unknown[] | undefined)?.[0];
    if (check !== "ok") throw new Damaged(`the integrity check says: ${String(check).slice(0, 200)}`);
    // A read-only file, folder or a full disk shows only when writing: one small write says so at once.
    h.writer.meta("opened", new Date(opts.clock.now()).toISOString());
    return h;
  } catch (err) {
    h.close();
    throw err;
  }
}

/** Why history is not recorded, in words naming the file (the start message, the API's 503). */
function notRecorded(file: string, err: unknown): string {
  if (err instanceof NewerFile)
    return (
      `History is NOT recorded: ${file} was written by a newer version of the gateway (schema version ` +
      `${err.found}; this version knows up to ${err.known}). It is kept untouched as ${err.aside}; the gateway ` +
      "runs on without history and starts a new history.db at its next start. To use that history again, run " +
      "the newer version with the file put back as history.db."
    );
  return (
    `History is NOT recorded: ${file} cannot be used (${reason(err)}). The gateway runs on without it; ` +
    "history is recorded again as soon as the file can be written."
  );
}

/** Says a failed write once, and when writing works again: `wrote(null)` after a write, `wrote(err)` on failure. */
function writeFailures(file: string, log: (line: string) => void): (err: unknown) => void {
  let failure: string | null = null;
  return (err) => {
    if (err === null) {
      if (failure) log(`History: ${file} can be written again; recording goes on.`);
      failure = null;
      return;
    }
    if (failure === null)
      log(
        `History: writing to ${file} failed (${reason(err)}); samples are lost until it can be written again.`,
      );
    failure = reason(err);
  };
}

/** The meter's recording into whichever history is open (none: nothing); a failed write is said, never thrown. */
function gridInto(current: () => History | null, wrote: (err: unknown) => void): GridSink {
  return {
    reading(atMs, powerW, maxGapMs) {
      try {
        current()?.grid.reading(atMs, powerW, maxGapMs);
      } catch (err) {
        wrote(err);
      }
    },
    gap: () => current()?.grid.gap(),
    day(day) {
      try {
        return current()?.grid.day(day) ?? null;
      } catch {
        return null;
      }
    },
  };
}

export function keepHistory(opts: KeeperOptions): HistoryKeeper {
  const file = join(opts.dataDir, HISTORY_FILE);
  let history: History | null = null;
  let problem: string | null = null;
  let note: string | null = null;
  const wrote = writeFailures(file, opts.log);
  let closed = false;
  // An unavailable file is tried again at a steady pace (lib/backoff.ts), until it opens or the keeper closes.
  const retries = retryTimer({ firstMs: opts.retryMs ?? FILE_RETRY_MS, factor: 1 }, () => void attempt(), {
    unref: true,
  });
  // What happens while starting is in startNote() for the start message; later events go to the log.
  let started = false;
  const say = (line: string): void => {
    if (started) opts.log(line);
  };

  function opened(h: History): History {
    try {
      opts.onOpen?.(h);
    } catch (err) {
      h.close();
      throw err;
    }
    history = h;
    problem = null;
    return h;
  }

  function tryOpen(): History | null {
    try {
      return opened(openChecked(opts));
    } catch (err) {
      if (!(err instanceof Damaged) && !isDamaged(err)) throw err;
      const aside = keepAside(file, "corrupt", opts.clock.now());
      note =
        `History: ${file} was damaged (${(err as Error).message}); it is kept as ${aside} and a new ` +
        "history is started.";
      say(note);
      return opened(openChecked(opts));
    }
  }

  function attempt(): boolean {
    if (history || closed) return history !== null;
    try {
      tryOpen();
      retries.reset();
      if (note?.startsWith("History is NOT recorded")) {
        note = null;
        opts.log(`History: ${file} can be written again; recording goes on.`);
      }
      return true;
    } catch (err) {
      const first = problem === null;
      problem = notRecorded(file, err);
      if (first) {
        note = problem;
        say(problem);
      }
      retries.arm();
      return false;
    }
  }

  attempt();
  started = true;
  return {
    current: () => history,
    problem: () => problem,
    startNote: () => note,
    recorder: {
      record(atMs: number, readings: InverterReading[]) {
        if (!history) return;
        try {
          history.recorder.record(atMs, readings);
          wrote(null);
        } catch (err) {
          wrote(err);
        }
      },
    },
    grid: gridInto(() => history, wrote),
    retry: attempt,
    close() {
      closed = true;
      retries.stop();
      history?.close();
      history = null;
    },
  };
}
