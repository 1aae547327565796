import type { ZeroExportStatus } from "@dtu/api/zeroexport";
import { nameOf, watts, type WordsContext } from "./words";

/** Each controlled inverter's limit, output, command on its way and measured response time (issue 32 §5). */
export function InverterTable({ status, ctx }: { status: ZeroExportStatus; ctx: WordsContext }) {
  const { i18n, names } = ctx;
  const { t, number } = i18n;
  const w = (v: number | null) => (v === null ? "–" : watts(i18n, v));
  return (
    <section className="card mb-3">
      <h2 className="card-header h6">{t("zeroexport.inverters")}</h2>
      {status.inverters.length === 0 ? (
        <p className="card-body mb-0">{t("zeroexport.noInverters")}</p>
      ) : (
        <div className="table-responsive" tabIndex={0}>
          <table className="table mb-0" data-testid="zx-inverters">
            <thead>
              <tr>
                <th scope="col">{t("zeroexport.inverter")}</th>
                <th scope="col">{t("zeroexport.limit")}</th>
                <th scope="col">{t("zeroexport.chartOutput")}</th>
                <th scope="col">{t("zeroexport.pending")}</th>
                <th scope="col">{t("zeroexport.response")}</th>
              </tr>
            </thead>
            <tbody>
              {status.inverters.map((inv) => (
                <tr key={inv.serial}>
                  <th scope="row" className="fw-normal">
                    {nameOf(names, inv.serial)}
                  </th>
                  <td>{w(inv.limit_w)}</td>
                  <td>{w(inv.output_w)}</td>
                  <td>{inv.pending ? t("zeroexport.pendingYes") : t("zeroexport.pendingNo")}</td>
                  <td>
                    {inv.response_ms === null
                      ? t("zeroexport.notMeasured")
                      : t("zeroexport.responseS", { s: number(inv.response_ms / 1000, 1) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
