/** Shared pieces of the History views: the day/period summary and the data table with its CSV download. */
import { useState } from "react";
import { Spinner } from "../../components/ui/Spinner";
import type { HttpError } from "../../lib/http";
import { useI18n } from "../../lib/i18n";
import { toHttpError } from "../../lib/http";
import { downloadAs } from "../../lib/download";
import type { GridFigures } from "./grid";

export function Summary({ energyWh, peakW }: { energyWh: number | null; peakW: number | null }) {
  const { t, number } = useI18n();
  return (
    <dl className="history-summary mb-3">
      <div>
        <dt className="small text-body-secondary">{t("history.energy")}</dt>
        <dd className="h4 mb-0">{energyWh === null ? "–" : `${number(energyWh / 1000, 2)} kWh`}</dd>
      </div>
      <div>
        <dt className="small text-body-secondary">{t("history.peak")}</dt>
        <dd className="h4 mb-0">{peakW === null ? "–" : `${number(peakW)} W`}</dd>
      </div>
    </dl>
  );
}

/** A period's meter figures under the summary (issue 31 §3): nothing without a meter (null is not 0). */
export function GridSummary({ of }: { of: GridFigures | null }) {
  const { t, number } = useI18n();
  if (!of) return null;
  const kwh = (wh: number) => `${number(wh / 1000, 2)} kWh`;
  const pct = (v: number | null) => (v === null ? "–" : `${number(v)} %`);
  const items: [string, string][] = [
    [t("history.selfConsumed"), kwh(of.selfWh)],
    [t("history.exported"), kwh(of.exportWh)],
    [t("history.imported"), kwh(of.importWh)],
    [t("history.home"), kwh(of.homeWh)],
    [t("history.selfPct"), pct(of.selfPct)],
    [t("history.autarky"), pct(of.autarkyPct)],
  ];
  return (
    <dl className="history-summary mb-3" data-grid-summary>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="small text-body-secondary">{label}</dt>
          <dd className="h6 mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DataTable({
  head,
  rows,
  csv,
  csvName,
}: {
  head: string[];
  rows: string[][];
  /** The CSV form of the same data, saved as `csvName`. */
  csv: string;
  csvName: string;
}) {
  const { t } = useI18n();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm mb-2"
        onClick={() => {
          setFailed(null);
          downloadAs(csv, csvName).catch((e: unknown) => setFailed(toHttpError(e).message));
        }}
      >
        {t("history.csv")}
      </button>
      {failed !== null && (
        <p className="alert alert-danger" role="alert">
          {t("history.csvFailed", { message: failed })}
        </p>
      )}
      <details className="mb-3">
        <summary>{t("history.showTable")}</summary>
        <div className="table-responsive" tabIndex={0} /* focusable: keyboard scrolling on a phone (axe) */>
          <table className="table table-sm table-striped" data-history-table="">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, k) => (
                // Index keys: the repeated hour of a 25-hour day shows the same clock times twice.
                <tr key={k}>
                  {r.map((c, i) =>
                    i === 0 ? (
                      // A date or a time on one line: at 375 px the meter's columns make the table scroll.
                      <th key={i} scope="row" className="text-nowrap">
                        {c}
                      </th>
                    ) : (
                      <td key={i}>{c}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/**
 * A view of the screen while its data loads, or after it failed: under the screen's controls, so a failed month
 * leaves the view switch and date picker usable. (Page has the same for a whole screen; not shared, so the device
 * build's Page stays as small as it is.)
 */
export function LoadState({ error, retry }: { error: HttpError | undefined; retry: () => void }) {
  const { t } = useI18n();
  if (!error) return <Spinner />;
  return (
    <p className="alert alert-danger" role="alert">
      {t("common.loadFailed", { message: error.message })}{" "}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={retry}>
        {t("common.retry")}
      </button>
    </p>
  );
}
