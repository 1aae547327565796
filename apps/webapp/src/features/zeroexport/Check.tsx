import { useState } from "react";
import type { ZeroExportCheckAnswer } from "@dtu/api/zeroexport";
import { BusyButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { toHttpError } from "../../lib/http";
import { useI18n } from "../../lib/i18n";
import { runCheck } from "./api";
import { nameOf, watts } from "./words";

/**
 * The commissioning check (issue 32 §2): one inverter lowered by about 100 W, the meter must rise as much within 15 s.
 * Its answer in words: passed with the numbers, or the gateway's reason; firmware warnings in any case.
 */
export function CommissioningCheck({
  names,
  onDone,
}: {
  names: ReadonlyMap<string, string>;
  onDone: () => void;
}) {
  const i18n = useI18n();
  const { t, number } = i18n;
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ZeroExportCheckAnswer | { error: string } | null>(null);
  const run = () => {
    setBusy(true);
    setAnswer(null);
    runCheck().then(
      (a) => {
        setAnswer(a);
        setBusy(false);
        onDone();
      },
      (e: unknown) => {
        setAnswer({ error: toHttpError(e).message });
        setBusy(false);
      },
    );
  };
  const passed = (a: ZeroExportCheckAnswer) =>
    t("zeroexport.checkOk", {
      name: nameOf(names, a.serial),
      cut: watts(i18n, a.cut_w),
      rise: a.rise_w === null ? "–" : watts(i18n, a.rise_w),
      time: a.response_ms === null ? "–" : number(a.response_ms / 1000, 1),
    });
  return (
    <Card title={t("zeroexport.checkTitle")}>
      <p className="small text-body-secondary">{t("zeroexport.checkHint")}</p>
      <BusyButton busy={busy} className="btn-primary" onClick={run}>
        {t("zeroexport.checkRun")}
      </BusyButton>
      <div aria-live="polite" className="mt-3" data-testid="zx-check">
        {answer && "error" in answer && (
          <div className="alert alert-danger mb-0">
            {t("zeroexport.checkError", { message: answer.error })}
          </div>
        )}
        {answer && "ok" in answer && (
          <div className={`alert mb-2 ${answer.ok ? "alert-success" : "alert-danger"}`}>
            {answer.ok ? passed(answer) : t("zeroexport.checkFailed", { message: answer.message })}
          </div>
        )}
        {answer &&
          "ok" in answer &&
          answer.warnings.map((w) => (
            <div key={w.serial} className="alert alert-warning mb-2">
              {t("zeroexport.checkWarning", { name: nameOf(names, w.serial), firmware: w.firmware })}
            </div>
          ))}
      </div>
    </Card>
  );
}
