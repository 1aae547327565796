/**
 * The energy of every device together per day, month or year (issue 24 §5), from the gateway's
 * `GET /api/overview/energy`: the sums as bars (components/chart, as a device's History draws its own), then a table
 * with one column per device and their sum, in kWh with the locale's number format; the devices' summed import and
 * export (issue 31 §4) as two more columns when a meter was recorded in the range.
 */
import { useState } from "react";
import type { OverviewEnergy } from "@dtu/api/overview";
import { EnergyBars } from "../../components/chart/EnergyBars";
import { PeriodNav } from "../../components/ui/PeriodControls";
import { Spinner } from "../../components/ui/Spinner";
import { useApi } from "../../components/ui/useApi";
import { useI18n } from "../../lib/i18n";
import { energyRange, energyStep, energyUrl, type EnergyView } from "./energyPeriods";

const VIEWS: readonly EnergyView[] = ["month", "year", "all"];
const VIEW_LABEL = { month: "history.month", year: "history.year", all: "history.all" } as const;

/** The row's period in words: a day's date, a month and its year, or the year. */
function usePeriodLabel(): (period: string, interval: OverviewEnergy["interval"]) => string {
  const { locale, date } = useI18n();
  return (period, interval) => {
    // Noon UTC: the same calendar day in every browser zone.
    const at = new Date(`${period}T12:00:00Z`);
    if (interval === "day") return date(at);
    if (interval === "month")
      return at.toLocaleString(locale, { month: "long", year: "numeric", timeZone: "UTC" });
    return period.slice(0, 4);
  };
}

function EnergyTable({ data, names }: { data: OverviewEnergy; names: readonly string[] }) {
  const { t, number } = useI18n();
  const label = usePeriodLabel();
  const kwh = (wh: number | null | undefined): string =>
    wh === null || wh === undefined ? "–" : number(wh / 1000, 2);
  if (data.rows.length === 0) return <p className="mb-0">{t("history.noData")}</p>;
  // A period without any device's meter shows "–", never 0; no meter in the whole range: no columns at all.
  const grid = data.rows.some((r) => r.import_wh !== null || r.export_wh !== null);
  return (
    <div className="table-responsive" tabIndex={0} /* focusable: keyboard scrolling on a phone (axe) */>
      <table className="table table-sm table-striped mb-0 text-end">
        <caption className="visually-hidden">{t("overview.energy")}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-start">
              {t("history.period")}
            </th>
            {names.map((name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ))}
            <th scope="col">{t("history.total")}</th>
            {grid && (
              <>
                <th scope="col">{t("history.imported")}</th>
                <th scope="col">{t("history.exported")}</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.period}>
              <th scope="row" className="text-start fw-normal text-nowrap">
                {label(row.period, data.interval)}
              </th>
              {names.map((name) => (
                <td key={name}>{kwh(row.devices[name])}</td>
              ))}
              <td className="fw-bold">{kwh(row.total)}</td>
              {grid && (
                <>
                  <td data-import>{kwh(row.import_wh)}</td>
                  <td data-export>{kwh(row.export_wh)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * `names`: the devices in the command line's order, for the table's columns. `today`: the devices' own date (the
 * gateway's `GET /api/overview/devices`), never the browser's: the latest period shown, and no step beyond it.
 */
export function CombinedEnergy({ names, today }: { names: readonly string[]; today: string }) {
  const { t } = useI18n();
  const label = usePeriodLabel();
  const [view, setView] = useState<EnergyView>("month");
  const [day, setDay] = useState(today);
  const { data, loading, error, reload } = useApi(energyUrl(view, day));
  const { from, to } = energyRange(view, day);
  return (
    <section className="card mt-3" aria-label={t("overview.energy")} data-energy>
      <div className="card-header">{t("overview.energy")}</div>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <PeriodNav
            label={t("overview.energyView")}
            views={VIEWS}
            view={view}
            text={VIEW_LABEL}
            onView={setView}
            // One month or year back or on, never into the future.
            step={
              view === "all"
                ? null
                : {
                    nextBegun: energyStep(view, day, 1) <= today,
                    go: (dir) => setDay(energyStep(view, day, dir)),
                  }
            }
          >
            <span className="text-nowrap" data-range>
              {label(from, view === "month" ? "month" : "year")}
            </span>
          </PeriodNav>
        </div>
        {error ? (
          <p className="alert alert-danger mb-0" role="alert">
            {t("common.loadFailed", { message: error.message })}{" "}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={reload}>
              {t("common.retry")}
            </button>
          </p>
        ) : loading || !data ? (
          <Spinner small />
        ) : (
          <>
            {data.unavailable.length > 0 && (
              <p className="alert alert-warning" role="alert">
                {t("overview.energyMissing", { names: data.unavailable.join(", ") })}
              </p>
            )}
            {data.locked.length > 0 && (
              <p className="alert alert-info" role="status" data-left-out>
                {t("overview.energyLocked", { names: data.locked.join(", ") })}
              </p>
            )}
            {data.rows.length > 0 && (
              <EnergyBars
                // "All years" from the first year with data, not from twenty years back.
                from={view === "all" ? (data.rows[0]?.period ?? from) : from}
                to={to}
                interval={data.interval}
                rows={data.rows}
                label={t("overview.all")}
              />
            )}
            {/* A locked device has no column: it has no figures here, not zeros. */}
            <EnergyTable data={data} names={names.filter((name) => !data.locked.includes(name))} />
          </>
        )}
      </div>
    </section>
  );
}
