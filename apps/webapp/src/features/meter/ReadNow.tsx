/** "Read now" (POST /api/meter/test): one read with the settings as typed, not saved; what it found, or why not. */
import { useState } from "react";
import type { MeterResult, MeterTestAnswer } from "@dtu/api/meter";
import { BusyButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { toHttpError, type Refusal } from "../../lib/http";
import { useI18n } from "../../lib/i18n";
import { testRead } from "./api";
import { meterBody, type MeterDraft } from "./settings";
import { refusedField, resultText } from "./results";
import { errorText } from "./words";

type Shown = { ok: boolean; lines: string[] };

export function ReadNow({
  draft,
  onRefused,
}: {
  draft: MeterDraft;
  /** A refused setting (naming its field): shown at that field by the form (useSettingsForm `showAnswer`). */
  onRefused: (r: Refusal) => void;
}) {
  const { t, number } = useI18n();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);

  const refused = (r: Refusal | MeterResult): Shown => {
    if (refusedField(r)) onRefused(r as Refusal);
    return { ok: false, lines: [t("meter.refused", { message: resultText(t, r) })] };
  };

  const words = (a: MeterTestAnswer): Shown => {
    if ("type" in a) return refused(a);
    const lines: string[] = [];
    if (a.ok && a.power_w !== null)
      lines.push(t("meter.found", { power: number(a.power_w, 1), ms: number(a.ms) }));
    if (a.phases_w && a.phases_w.length > 1)
      lines.push(t("meter.phases", { phases: a.phases_w.map((w) => `${number(w, 1)} W`).join(" · ") }));
    if (a.found !== null) lines.push(t("meter.foundText", { found: a.found }));
    if (a.error) lines.push(t("meter.notFound", { error: errorText(t, a.error) }));
    return { ok: a.ok, lines };
  };

  const run = () => {
    setBusy(true);
    setShown(null);
    testRead(meterBody(draft)).then(
      (a) => {
        setShown(words(a));
        setBusy(false);
      },
      (e: unknown) => {
        const failed = toHttpError(e);
        // A refused setting (400 naming its field) is an answer: its words here, and at its field in the form.
        setShown(
          failed.refusal
            ? refused(failed.refusal)
            : { ok: false, lines: [t("meter.readFailed", { message: failed.message })] },
        );
        setBusy(false);
      },
    );
  };

  return (
    <Card title={t("meter.readNow")}>
      <p className="small text-body-secondary">{t("meter.readNowHint")}</p>
      <BusyButton busy={busy} className="btn-primary" onClick={run}>
        {t("meter.readNow")}
      </BusyButton>
      <div aria-live="polite" className="mt-3">
        {shown && (
          <div
            className={`alert mb-0 ${shown.ok ? "alert-success" : "alert-danger"}`}
            data-read-now={shown.ok}
          >
            {shown.lines.map((l) => (
              <p key={l} className="mb-0">
                {l}
              </p>
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
