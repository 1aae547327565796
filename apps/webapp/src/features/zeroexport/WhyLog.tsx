import type { ZeroExportStatus } from "@dtu/api/zeroexport";
import { logLine, resultText, type WordsContext } from "./words";

/** Classes written out for the CSS purge: a command's outcome. */
const resultClass: Record<ZeroExportStatus["log"][number]["result"], string> = {
  pending: "text-bg-info",
  ok: "text-bg-success",
  failure: "text-bg-danger",
  timeout: "text-bg-warning",
  refused: "text-bg-danger",
  unreachable: "text-bg-warning",
};

/** The "why" of every limit sent, newest first, in plain words ("House roof 600 → 420 W: export 170 W"). */
export function WhyLog({ status, ctx }: { status: ZeroExportStatus; ctx: WordsContext }) {
  const { t, time } = ctx.i18n;
  return (
    <section className="card mb-3">
      <h2 className="card-header h6">{t("zeroexport.logTitle")}</h2>
      {status.log.length === 0 ? (
        <p className="card-body mb-0">{t("zeroexport.logEmpty")}</p>
      ) : (
        <div className="table-responsive" tabIndex={0}>
          <table className="table table-sm mb-0" data-testid="zx-log">
            <thead>
              <tr>
                <th scope="col">{t("zeroexport.time")}</th>
                <th scope="col">{t("zeroexport.change")}</th>
                <th scope="col">{t("zeroexport.result")}</th>
              </tr>
            </thead>
            <tbody>
              {status.log.toReversed().map((e, k) => (
                <tr key={`${e.at} ${e.serial} ${k}`}>
                  <td className="text-nowrap">{time(e.at)}</td>
                  <td>{logLine(e, ctx)}</td>
                  <td>
                    <span className={`badge ${resultClass[e.result]}`}>{t(resultText[e.result])}</span>
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
