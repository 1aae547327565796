/** Shared pieces of the History views: loading state, the day/period summary and the data table with CSV. */
import { useEffect, useState, type ReactNode } from "react";
import { downloadCsv, type Host } from "./api";
import type { T } from "./i18n";

export function useLoad<D>(
  load: (signal: AbortSignal) => Promise<D>,
  deps: unknown[],
): { data: D | null; view: ReactNode } {
  const [state, setState] = useState<{ data: D | null; error: string | null }>({ data: null, error: null });
  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ data: s.data, error: null }));
    load(abort.signal).then(
      (data) => setState({ data, error: null }),
      (e: unknown) => {
        if (!abort.signal.aborted)
          setState({ data: null, error: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => abort.abort();
    // The caller lists what the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  const view = state.error ? (
    <p className="alert alert-danger" role="alert">
      {state.error}
    </p>
  ) : (
    <p className="text-body-secondary" role="status">
      …
    </p>
  );
  return { data: state.data, view };
}

export function Summary({ t, energyWh, peakW }: { t: T; energyWh: number | null; peakW: number | null }) {
  return (
    <dl className="history-summary mb-3">
      <div>
        <dt className="small text-body-secondary">{t("energy")}</dt>
        <dd className="h4 mb-0">{energyWh === null ? "–" : `${t.number(energyWh / 1000, 2)} kWh`}</dd>
      </div>
      <div>
        <dt className="small text-body-secondary">{t("peak")}</dt>
        <dd className="h4 mb-0">{peakW === null ? "–" : `${t.number(peakW)} W`}</dd>
      </div>
    </dl>
  );
}

export function DataTable({
  t,
  head,
  rows,
  csv,
  host,
}: {
  t: T;
  head: string[];
  rows: string[][];
  csv: string;
  host: Host;
}) {
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm mb-2"
        onClick={() => void downloadCsv(host, csv)}
      >
        {t("csv")}
      </button>
      <details className="mb-3">
        <summary>{t("showTable")}</summary>
        <div className="table-responsive">
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
                      <th key={i} scope="row">
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
