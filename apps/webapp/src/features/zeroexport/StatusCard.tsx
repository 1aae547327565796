import { useState } from "react";
import type { ZeroExportResult, ZeroExportStatus } from "@dtu/api/zeroexport";
import { BusyButton } from "../../components/ui/Buttons";
import { Alert } from "../../components/ui/ResultAlert";
import { toHttpError } from "../../lib/http";
import { useI18n } from "../../lib/i18n";
import { resume } from "./api";
import { reasonText, stateBadge, stateText, watts, type WordsContext } from "./words";

/** The state in words (issue 32 §5) with the resume button while paused, and the controller's figures. */
export function StatusCard({
  status,
  ctx,
  onResumed,
}: {
  status: ZeroExportStatus;
  ctx: WordsContext;
  onResumed: () => void;
}) {
  const { t, number } = ctx.i18n;
  const resuming = useResume(onResumed);
  const w = (v: number | null) => (v === null ? "–" : watts(ctx.i18n, v));
  const rows: [string, string][] = [
    [t("zeroexport.grid"), w(status.grid_w)],
    [
      t("zeroexport.target"),
      t("zeroexport.targetBand", { target: w(status.target_w), band: w(status.deadband_w) }),
    ],
    [t("zeroexport.output"), w(status.output_w)],
    [t("zeroexport.limitTotal"), w(status.limit_total_w)],
    [t("zeroexport.commands"), number(status.commands_last_hour)],
  ];
  return (
    <section className="card mb-3" data-testid="zx-state" data-state={status.state}>
      <h2 className="card-header h6">{t("zeroexport.stateTitle")}</h2>
      <div className="card-body">
        <p className="mb-2">
          <span className={`badge ${stateBadge[status.state]}`}>{t(stateText[status.state])}</span>
        </p>
        <p className="mb-0" role="status">
          {reasonText(status.reason, ctx)}
        </p>
        {status.state === "paused" && (
          <div className="mt-3">
            <p className="small text-body-secondary">{t("zeroexport.resumeHint")}</p>
            <BusyButton busy={resuming.busy} className="btn-warning" onClick={resuming.run}>
              {t("zeroexport.resume")}
            </BusyButton>
          </div>
        )}
        {resuming.answer && (
          <div className="mt-3">
            <Alert type={resuming.answer.ok ? "success" : "danger"}>{resuming.answer.text}</Alert>
          </div>
        )}
      </div>
      <div className="table-responsive" tabIndex={0}>
        <table className="table mb-0">
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="w-50 fw-normal">
                  {label}
                </th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The resume request and its answer, kept by the card: the answer stays when the state it ended has gone. */
function useResume(onResumed: () => void) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const words = (r: ZeroExportResult) =>
    r.code === "resumed"
      ? t("zeroexport.resumed")
      : r.code === "not_paused"
        ? t("zeroexport.notPaused")
        : r.message;
  const run = () => {
    setBusy(true);
    setAnswer(null);
    resume().then(
      (r) => {
        setBusy(false);
        setAnswer({ ok: r.type === "success", text: words(r) });
        onResumed();
      },
      (e: unknown) => {
        setBusy(false);
        setAnswer({ ok: false, text: toHttpError(e).message });
      },
    );
  };
  return { busy, answer, run };
}
