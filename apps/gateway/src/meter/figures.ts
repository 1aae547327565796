/**
 * Home Assistant's energy definitions (issue 31 §3), pure:
 *   home use = production + import − export;  self-consumed = production − export;
 *   self-consumption % = self-consumed / production;  autarky % = 1 − import / home use.
 * Null where a figure cannot be told (no production: no self-consumption share; no home use: no autarky). Shares
 * are held to 0–100 % (a meter and inverters read at slightly different instants can put export a little over
 * production).
 */
import type { MeterToday } from "@dtu/api/meter";

export interface Energies {
  import_wh: number | null;
  export_wh: number | null;
  production_wh: number | null;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const pct = (x: number): number => round1(Math.min(100, Math.max(0, x * 100)));

export function figures(e: Energies): MeterToday {
  const { import_wh: imp, export_wh: exp, production_wh: prod } = e;
  const known = imp !== null && exp !== null && prod !== null;
  const home = known ? Math.max(0, prod + imp - exp) : null;
  return {
    import_wh: imp === null ? null : round1(imp),
    export_wh: exp === null ? null : round1(exp),
    production_wh: prod === null ? null : round1(prod),
    home_wh: home === null ? null : round1(home),
    self_consumption_pct: known && prod > 0 ? pct((prod - exp) / prod) : null,
    autarky_pct: home !== null && imp !== null && home > 0 ? pct(1 - imp / home) : null,
  };
}
