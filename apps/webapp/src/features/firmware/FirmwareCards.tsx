import type { ChangeEvent } from "react";
import { deviceLimits } from "@dtu/api/limits";
import { BackButton } from "../../components/ui/Buttons";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import type { useDeviceRestart } from "../../components/ui/deviceRestart";
import { FormRow } from "../../components/ui/FormRow";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { Alert } from "../../components/ui/ResultAlert";
import { useI18n } from "../../lib/i18n";

// The firmware upgrade's views (SEED §2, §4, §8; ./FirmwareView.tsx holds the steps): choosing a file, the chosen
// image's summary, and the success and error cards.

/** Uploaded: waits for the restarted device (`restart`), Back to the start. */
export function SuccessCard({
  restart,
  onBack,
}: {
  restart: ReturnType<typeof useDeviceRestart>;
  onBack: () => void;
}) {
  const { t } = useI18n();
  return (
    <section className="card border-success">
      <h2 className="card-header h6 mb-0 py-2">{t("firmware.successTitle")}</h2>
      <div className="card-body">
        <ProgressBar percent={100} className="progress mb-3" />
        <p>{t("firmware.successText")}</p>
        <DeviceRestartNote state={restart} waiting={t("common.waiting")} back={t("firmware.back")} />
        <BackButton onClick={onBack} />
      </div>
    </section>
  );
}

/** Failed: the reason, Back, and Retry where trying again can help (`onRetry`). */
export function ErrorCard({
  text,
  onBack,
  onRetry,
}: {
  text: string;
  onBack: () => void;
  onRetry?: () => void;
}) {
  const { t } = useI18n();
  return (
    <section className="card border-danger">
      <h2 className="card-header h6 mb-0 py-2">{t("firmware.errorTitle")}</h2>
      <div className="card-body">
        <Alert type="danger">{text}</Alert>
        <div className="d-flex gap-2">
          <BackButton onClick={onBack} />
          {onRetry && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t("common.retry")}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** A checked and hashed image: its summary, Back, Upload. */
export function ReadyImage({
  file,
  md5,
  onBack,
  onUpload,
}: {
  file: File;
  md5: string;
  onBack: () => void;
  onUpload: () => void;
}) {
  const { t, number } = useI18n();
  return (
    <>
      <h2 className="h6">{t("firmware.ready")}</h2>
      <dl className="row">
        <dt className="col-sm-3">{t("firmware.file")}</dt>
        <dd className="col-sm-9 text-break">{file.name}</dd>
        <dt className="col-sm-3">{t("common.size")}</dt>
        <dd className="col-sm-9">{t("firmware.bytes", { value: number(file.size) })}</dd>
        <dt className="col-sm-3">MD5</dt>
        <dd className="col-sm-9 font-monospace text-break">{md5}</dd>
      </dl>
      <p>{t("firmware.imageOk", { max: number(deviceLimits.firmwareMaxBytes) })}</p>
      <div className="d-flex gap-2">
        <BackButton onClick={onBack} />
        <button type="button" className="btn btn-primary" onClick={onUpload}>
          {t("firmware.upload")}
        </button>
      </div>
    </>
  );
}

/** The start: what to pick, why the last pick was refused, the file field. */
export function PickImage({
  refused,
  onPick,
}: {
  refused: string | undefined;
  onPick: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <p>{t("firmware.intro")}</p>
      {refused && <Alert type="warning">{refused}</Alert>}
      <FormRow label={t("firmware.file")}>
        {(c) => (
          <input
            type="file"
            className="form-control"
            accept=".bin,.bin.gz"
            name="firmware"
            onChange={onPick}
            {...c}
          />
        )}
      </FormRow>
    </>
  );
}
