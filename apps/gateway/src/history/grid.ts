/**
 * The household meter's recording (issue 31 §2; tables `grid5` and `grid_daily`, schema.ts V3). Import and export
 * are integrated from the meter's signed total power (import = ∫ max(p, 0), export = ∫ max(−p, 0)), never from a
 * meter's own counters (a Shelly adds its phases without netting them). Each good reading's power is held until
 * the next one, over at most `maxGapMs` (the meter's stale limit): a stale, failing or switched-off meter adds
 * nothing, so its time is a gap, not a zero. The sums wait in memory and are written in one transaction when their
 * 5-minute slot has ended or `flushMs` has passed, and when history closes: a killed gateway loses at most that.
 */
import type { PosixTz } from "../time/posixTz.ts";
import { dayOf } from "./days.ts";
import { INVERTER_CH, SLOT_S, TOTAL_SERIAL, transaction, type HistoryDb, type Writer } from "./store.ts";

/** A day's grid energy (Wh) and the fleet's production that day (null when none was recorded). */
export interface GridDay {
  import_wh: number;
  export_wh: number;
  production_wh: number | null;
}

/** What the meter (src/meter) hands its readings to, and asks today's energy of. Never throws. */
export interface GridSink {
  /** A good reading of the meter (W, + import) at `atMs`; `maxGapMs`: how long its power may be held. */
  reading(atMs: number, powerW: number, maxGapMs: number): void;
  /** The readings stop here (settings changed, meter switched off): nothing is held across. */
  gap(): void;
  /** The local day's recorded energy, the part not yet written included; null when the meter recorded none. */
  day(day: string): GridDay | null;
}

export interface GridRecorder extends GridSink {
  /** Writes what waits in memory (at close, and by tests). */
  flush(): void;
}

interface Sums {
  s: number;
  importWh: number;
  exportWh: number;
}

const HOUR_S = 3600;

function addTo<K>(map: Map<K, Sums>, key: K, s: number, importWh: number, exportWh: number): void {
  const v = map.get(key) ?? { s: 0, importWh: 0, exportWh: 0 };
  v.s += s;
  v.importWh += importWh;
  v.exportWh += exportWh;
  map.set(key, v);
}

/** The pending sums per slot and per day, and the spans that fill them (split at slot ends). */
function pendingSums(zone: () => PosixTz) {
  const slots = new Map<number, Sums>();
  const days = new Map<string, Sums>();
  return {
    slots,
    days,
    /** `w` held from `fromMs` to `toMs`. */
    credit(fromMs: number, toMs: number, w: number): void {
      let t = fromMs / 1000;
      const end = toMs / 1000;
      while (t < end) {
        const slot = Math.floor(t / SLOT_S);
        const next = Math.min(end, (slot + 1) * SLOT_S);
        const dt = next - t;
        const imp = (Math.max(w, 0) * dt) / HOUR_S;
        const exp = (Math.max(-w, 0) * dt) / HOUR_S;
        addTo(slots, slot, dt, imp, exp);
        addTo(days, dayOf(zone(), slot * SLOT_S * 1000), dt, imp, exp);
        t = next;
      }
    },
    clear(): void {
      slots.clear();
      days.clear();
    },
  };
}

export interface GridOptions {
  db: HistoryDb;
  writer: Writer;
  zone: () => PosixTz;
  /** Longest time sums wait in memory (default 30 s). */
  flushMs?: number;
}

export function createGridRecorder(opts: GridOptions): GridRecorder {
  const { db, writer } = opts;
  const flushMs = opts.flushMs ?? 30_000;
  const pending = pendingSums(opts.zone);
  const dayRow = db.prepare("SELECT import_wh, export_wh FROM grid_daily WHERE day = ?");
  const production = db.prepare(
    "SELECT wh FROM daily JOIN series ON series.id = daily.sid WHERE serial = ? AND ch = ? AND day = ?",
  );
  let prev: { at: number; w: number } | null = null;
  let flushedAt = -Infinity;

  const write = transaction(db, () => {
    for (const [slot, v] of pending.slots) writer.gridSlot(slot, v.s, v.importWh, v.exportWh);
    for (const [day, v] of pending.days) writer.gridDay(day, v.importWh, v.exportWh);
  });
  const flush = (): void => {
    if (pending.slots.size === 0) return;
    try {
      write();
    } finally {
      // Written, or rolled back (disk full): either way these sums are done with, as the recorder's samples are.
      pending.clear();
    }
  };

  return {
    reading(atMs, powerW, maxGapMs) {
      if (!Number.isFinite(powerW)) return;
      // A clock that went back starts a new span, as a gap does: nothing is credited across either.
      if (prev && atMs >= prev.at && atMs - prev.at <= maxGapMs) pending.credit(prev.at, atMs, prev.w);
      prev = { at: atMs, w: powerW };
      const slot = Math.floor(atMs / 1000 / SLOT_S);
      const ended = [...pending.slots.keys()].some((s) => s < slot);
      if (ended || atMs - flushedAt >= flushMs) {
        flushedAt = atMs;
        flush();
      }
    },
    gap() {
      prev = null;
    },
    day(day) {
      const row = dayRow.get(day) as { import_wh: number; export_wh: number } | undefined;
      const wait = pending.days.get(day);
      if (!row && !wait) return null;
      const made = production.get(TOTAL_SERIAL, INVERTER_CH, day) as { wh: number } | undefined;
      return {
        import_wh: (row?.import_wh ?? 0) + (wait?.importWh ?? 0),
        export_wh: (row?.export_wh ?? 0) + (wait?.exportWh ?? 0),
        production_wh: made ? made.wh : null,
      };
    },
    flush,
  };
}
