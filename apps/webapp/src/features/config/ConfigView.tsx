import { useCallback, useState } from "react";
import { Card } from "../../components/ui/Card";
import { ConfirmModal } from "../../components/ui/ConfirmModal";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { ResultAlert, Alert } from "../../components/ui/ResultAlert";
import { BusyButton } from "../../components/ui/Buttons";
import { clearNotices, useNoticeClearer, useSave } from "../../components/ui/useSave";
import { toHttpError } from "../../lib/http";
import { useT } from "../../lib/i18n";
import { downloadFile, factoryReset, type ConfigFiles } from "./api";
import { RestoreCard } from "./RestoreCard";

/** Config management (SEED §2): backup, restore and factory reset cards. */
export function ConfigView({ files, reload }: { files: ConfigFiles; reload: () => void }) {
  return (
    <>
      <BackupCard files={files} />
      <RestoreCard files={files} reload={reload} />
      <ResetCard files={files} />
    </>
  );
}

function BackupCard({ files }: { files: ConfigFiles }) {
  const t = useT();
  const [failed, setFailed] = useState<string>();
  useNoticeClearer(useCallback(() => setFailed(undefined), []));
  return (
    <Card title={t("config.backupTitle")}>
      <p>{t("config.backupIntro")}</p>
      {failed && <Alert type="danger">{failed}</Alert>}
      <ul className="list-group">
        {files.names.map((name) => (
          <li key={name} className="list-group-item d-flex align-items-center gap-2">
            <span className="flex-grow-1 text-break">{name}</span>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={t("config.downloadLabel", { name })}
              onClick={() => {
                clearNotices();
                downloadFile(files.api, name).catch((e: unknown) =>
                  setFailed(t("config.downloadFailed", { name, message: toHttpError(e).message })),
                );
              }}
            >
              {t("config.download")}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ResetCard({ files }: { files: ConfigFiles }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const { busy, result, clear, run } = useSave();
  const [restarting, setRestarting] = useState(false);
  const restart = useDeviceRestart(restarting);

  async function go() {
    setAsking(false);
    setRestarting(false);
    setRestarting((await run(factoryReset(files.api))).type === "success");
  }

  return (
    <Card title={t("config.resetTitle")}>
      <ResultAlert result={result} onClose={clear} />
      <DeviceRestartNote state={restart} waiting={t("common.waiting")} back={t("common.runningAgain")} />
      <p>{t("config.resetIntro")}</p>
      <BusyButton className="btn-danger" busy={busy} onClick={() => setAsking(true)}>
        {t("config.reset")}
      </BusyButton>
      <ConfirmModal
        open={asking}
        title={t("config.resetConfirmTitle")}
        onCancel={() => setAsking(false)}
        onConfirm={() => void go()}
      >
        {t("config.resetConfirmText")}
      </ConfirmModal>
    </Card>
  );
}
