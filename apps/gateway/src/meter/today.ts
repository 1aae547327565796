/**
 * Today's import, export and production energy, integrated in memory from the meter's signed power and the
 * inverters' AC power at each good reading (issue 31 §2, until recording into history.db comes): each power is held
 * until the next reading (as a meter sampled every second is), over gaps of at most `maxGapMs` only (a stale meter
 * adds nothing), and everything starts at zero on a new local day. Import and export come from the signed total,
 * not from per-phase counters: a Shelly adds its phases without netting them.
 */
import { figures } from "./figures.ts";
import type { MeterToday } from "@dtu/api/meter";

export interface Sample {
  at: number;
  /** The device's local date of `at`. */
  day: string;
  grid_w: number;
  /** Sum of the inverters' AC power, null when the device gives none now (counted as unknown, not 0). */
  production_w: number | null;
}

const HOUR_MS = 3_600_000;

export class TodayEnergy {
  private day: string | null = null;
  private prev: Sample | null = null;
  private importWh = 0;
  private exportWh = 0;
  private productionWh = 0;
  /** Production was unknown for part of the day: its figures are then not told. */
  private productionKnown = true;
  private covered = false;

  constructor(private readonly maxGapMs: number) {}

  /** Integrates up to `s`; returns the import and export energy this reading added (Wh). */
  add(s: Sample): { import_wh: number; export_wh: number } {
    const added = { import_wh: 0, export_wh: 0 };
    if (s.day !== this.day) {
      this.day = s.day;
      this.importWh = this.exportWh = this.productionWh = 0;
      this.productionKnown = true;
      this.covered = false;
      this.prev = null;
    }
    const p = this.prev;
    if (p && s.at > p.at && s.at - p.at <= this.maxGapMs) {
      const h = (s.at - p.at) / HOUR_MS;
      if (p.grid_w > 0) added.import_wh = p.grid_w * h;
      else added.export_wh = -p.grid_w * h;
      this.importWh += added.import_wh;
      this.exportWh += added.export_wh;
      if (p.production_w === null) this.productionKnown = false;
      else this.productionWh += p.production_w * h;
      this.covered = true;
    }
    if (!p || s.at >= p.at) this.prev = s;
    return added;
  }

  /** The figures of `day` (null everywhere when nothing of that day was integrated). */
  today(day: string | null): MeterToday {
    if (day === null || day !== this.day || !this.covered)
      return figures({ import_wh: null, export_wh: null, production_wh: null });
    return figures({
      import_wh: this.importWh,
      export_wh: this.exportWh,
      production_wh: this.productionKnown ? this.productionWh : null,
    });
  }
}
