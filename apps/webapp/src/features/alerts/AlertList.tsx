import { useState } from "react";
import type { Alert, AlertList as AlertListAnswer } from "@dtu/api/alerts";
import { BusyButton } from "../../components/ui/Buttons";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { useSave } from "../../components/ui/useSave";
import { useI18n } from "../../lib/i18n";
import { useLoggedIn } from "../../lib/session";
import { acknowledge, channelText, severityBadge, severityText } from "./api";
import { codedText, shownResult } from "./codes";
import { LanguageHint } from "./LanguageHint";
import { refreshOpenAlerts } from "./useAlertFeed";
import { alertWords } from "./words";

/** Colour bar at the start of each alert: the severity, or grey once cleared. */
const severityBorder: Record<Alert["severity"], string> = {
  critical: "border-danger",
  warning: "border-warning",
  info: "border-info",
};

function Deliveries({ alert }: { alert: Alert }) {
  const { t } = useI18n();
  return (
    <div className="small mt-1">
      {/* The colon is part of the text: French sets a space before it. */}
      <span className="text-body-secondary">{t("alerts.deliveries")} </span>
      {alert.deliveries.length === 0 ? (
        <span className="text-body-secondary">{t("alerts.notSent")}</span>
      ) : (
        <ul className="list-inline d-inline mb-0">
          {alert.deliveries.map((d) => {
            const channel = t(channelText[d.channel]);
            // No page was open to tell: nothing failed, the alert shows on the pages that open (not retried).
            const noPage = !d.ok && d.code === "no_page";
            return (
              <li
                key={d.channel}
                className={`list-inline-item ${d.ok ? "text-success-emphasis" : noPage ? "text-body-secondary" : "text-danger-emphasis"}`}
              >
                {d.ok
                  ? t("alerts.deliveryOk", { channel })
                  : noPage
                    ? t("alerts.deliveryNoPage", { channel })
                    : t("alerts.deliveryFailed", { channel, error: codedText(t, d, d.error ?? "") })}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** One alert: severity, title, inverter, detail, times, acknowledge (admin) and its delivery per channel. */
function AlertItem({ alert, onChanged }: { alert: Alert; onChanged: () => void }) {
  const i18n = useI18n();
  const { t, dateTime } = i18n;
  const { title, detail } = alertWords(i18n, alert);
  const loggedIn = useLoggedIn();
  const ack = useSave();
  const [busy, setBusy] = useState(false);
  const doAck = () => {
    setBusy(true);
    void ack.run(acknowledge(alert.id).then((r) => shownResult(t, r))).then((r) => {
      setBusy(false);
      if (r.type === "success") {
        ack.clear();
        onChanged();
      }
    });
  };
  const open = alert.cleared === null;
  return (
    <li
      className={`list-group-item border-start border-4 ${open ? severityBorder[alert.severity] : "border-secondary"}`}
      data-alert={alert.id}
    >
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className={`badge ${severityBadge[alert.severity]}`}>{t(severityText[alert.severity])}</span>
        {open ? <span className="badge text-bg-dark">{t("alerts.openNow")}</span> : null}
        {alert.acknowledged && <span className="badge text-bg-secondary">{t("alerts.acknowledged")}</span>}
        <h2 className="h6 mb-0 flex-grow-1">{title}</h2>
        {loggedIn && !alert.acknowledged && (
          <BusyButton busy={busy} className="btn-outline-secondary btn-sm" onClick={doAck}>
            {t("alerts.acknowledge")}
          </BusyButton>
        )}
      </div>
      <div className="small text-body-secondary">
        {alert.name} · {t("alerts.started", { time: dateTime(alert.started * 1000) })}
        {alert.cleared !== null && <> · {t("alerts.cleared", { time: dateTime(alert.cleared * 1000) })}</>}
      </div>
      {detail && <p className="mb-0 mt-1">{detail}</p>}
      <Deliveries alert={alert} />
      <ResultAlert result={ack.result} onClose={ack.clear} />
    </li>
  );
}

/** The answer of GET /api/alerts, newest first. */
export function AlertList({ answer, onChanged }: { answer: AlertListAnswer; onChanged: () => void }) {
  const { t } = useI18n();
  const changed = () => {
    onChanged();
    refreshOpenAlerts();
  };
  return (
    <>
      {answer.storage === "memory" && (
        <div className="alert alert-warning" role="alert">
          {t("alerts.memory", {
            problem: codedText(
              t,
              { code: answer.problem_code, params: answer.problem_params },
              answer.problem ?? "",
            ),
          })}
        </div>
      )}
      <LanguageHint answer={answer} />
      {answer.alerts.length === 0 ? (
        <p className="text-body-secondary">{t("alerts.none")}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={t("alerts.title")}>
          {answer.alerts.map((a) => (
            <AlertItem key={a.id} alert={a} onChanged={changed} />
          ))}
        </ul>
      )}
    </>
  );
}
