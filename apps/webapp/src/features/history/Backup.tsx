/**
 * The history backup (issue 26 §2): the whole history.db as one file, to move the gateway to another computer.
 * Shown to every visitor like the screen; the gateway asks for the admin login (a 401 sends a visitor to the login
 * and back here, the app's rule for every admin action, lib/http.ts).
 */
import { useState } from "react";
import { BusyButton } from "../../components/ui/Buttons";
import { toHttpError } from "../../lib/http";
import { useI18n } from "../../lib/i18n";
import { downloadBackup } from "./api";

export function Backup() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const start = () => {
    setFailed(null);
    setBusy(true);
    downloadBackup()
      .catch((e: unknown) => setFailed(toHttpError(e).message))
      .finally(() => setBusy(false));
  };
  return (
    <section className="mt-4" aria-labelledby="history-backup">
      <h2 className="h5" id="history-backup">
        {t("history.backupTitle")}
      </h2>
      <p className="small text-body-secondary">{t("history.backupIntro")}</p>
      {failed !== null && (
        <p className="alert alert-danger" role="alert">
          {t("history.backupFailed", { message: failed })}
        </p>
      )}
      <BusyButton className="btn-outline-primary" busy={busy} onClick={start}>
        {t("history.backup")}
      </BusyButton>
    </section>
  );
}
