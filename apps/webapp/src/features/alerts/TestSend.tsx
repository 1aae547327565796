import { useState } from "react";
import type { AlertTestResult } from "@dtu/api/alerts";
import { BusyButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { toHttpError } from "../../lib/http";
import { useT } from "../../lib/i18n";
import { channelText, sendTest } from "./api";
import { codedText } from "./codes";

/** "Send a test": every enabled channel as saved, each one's result. */
export function TestSend() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<AlertTestResult | { error: string } | null>(null);
  const run = () => {
    setBusy(true);
    setAnswer(null);
    sendTest().then(
      (a) => {
        setAnswer(a);
        setBusy(false);
      },
      (e: unknown) => {
        setAnswer({ error: toHttpError(e).message });
        setBusy(false);
      },
    );
  };
  return (
    <Card title={t("alerts.test")}>
      <p className="small text-body-secondary">{t("alerts.testHint")}</p>
      <BusyButton busy={busy} className="btn-primary" onClick={run}>
        {t("alerts.test")}
      </BusyButton>
      <div aria-live="polite" className="mt-3">
        {answer && "error" in answer && (
          <div className="alert alert-danger" role="alert">
            {t("alerts.testError", { message: answer.error })}
          </div>
        )}
        {answer && "results" in answer && answer.results.length === 0 && (
          <div className="alert alert-warning mb-0">{t("alerts.testNone")}</div>
        )}
        {answer && "results" in answer && answer.results.length > 0 && (
          <ul className="list-group" data-testid="test-results">
            {answer.results.map((r) => (
              <li
                key={r.channel}
                className={`list-group-item ${r.ok ? "list-group-item-success" : "list-group-item-danger"}`}
              >
                {r.ok
                  ? t("alerts.testOk", { channel: t(channelText[r.channel]) })
                  : t("alerts.testFailed", {
                      channel: t(channelText[r.channel]),
                      error: codedText(t, r, r.error ?? ""),
                    })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
