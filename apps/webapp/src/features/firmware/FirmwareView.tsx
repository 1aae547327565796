import { useEffect, useState, type ChangeEvent } from "react";
import { BackButton } from "../../components/ui/Buttons";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { FormRow } from "../../components/ui/FormRow";
import { useI18n } from "../../lib/i18n";
import { uploadFirmware, uploadOutcome } from "./api";
import { isFirmwareName, md5OfBlob } from "./files";

type Phase =
  | { kind: "idle"; refused?: string }
  | { kind: "busy"; hashing: boolean; percent: number }
  | { kind: "success" }
  | { kind: "error"; text: string };

/**
 * Firmware upgrade (SEED §2, §4, §8): pick an image, hash it, upload it with progress; success card that waits
 * for the restarted device and reloads the page; error card with Back and Retry (same file again).
 */
export function FirmwareView() {
  const { t, number } = useI18n();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [file, setFile] = useState<File | null>(null);
  const restart = useDeviceRestart(phase.kind === "success");

  // The device runs the new firmware: reload so the browser gets the matching web app (SEED §2).
  useEffect(() => {
    if (restart === "back") location.reload();
  }, [restart]);

  async function send(f: File) {
    setPhase({ kind: "busy", hashing: true, percent: 0 });
    try {
      const md5 = await md5OfBlob(f);
      setPhase({ kind: "busy", hashing: false, percent: 0 });
      const r = await uploadFirmware(f, md5, (p) => setPhase({ kind: "busy", hashing: false, percent: p }));
      const o = uploadOutcome(r);
      if (o.ok) setPhase({ kind: "success" });
      else
        setPhase({ kind: "error", text: o.body ?? t("firmware.httpError", { status: o.statusText ?? "" }) });
    } catch (e) {
      // SEED §8: hashing or transport failure; the details go to the console as the text says.
      console.error("firmware upload failed", e);
      setPhase({ kind: "error", text: t("firmware.unknownError") });
    }
  }

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    if (!f) return;
    if (!isFirmwareName(f.name)) {
      e.target.value = "";
      setFile(null);
      setPhase({ kind: "idle", refused: t("firmware.badExtension", { name: f.name }) });
      return;
    }
    setFile(f);
    void send(f);
  }

  function back() {
    setFile(null);
    setPhase({ kind: "idle" });
  }

  const bar = (percent: number) => (
    <div
      className="progress mb-3"
      role="progressbar"
      aria-label={t("firmware.progress")}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="progress-bar" style={{ width: `${percent}%` }}>
        {t("firmware.percent", { value: number(percent) })}
      </div>
    </div>
  );

  if (phase.kind === "success") {
    return (
      <section className="card border-success">
        <h2 className="card-header h6 mb-0 py-2">{t("firmware.successTitle")}</h2>
        <div className="card-body">
          {bar(100)}
          <p>{t("firmware.successText")}</p>
          <DeviceRestartNote state={restart} waiting={t("firmware.waiting")} back={t("firmware.back")} />
          <BackButton onClick={back} />
        </div>
      </section>
    );
  }

  if (phase.kind === "error") {
    return (
      <section className="card border-danger">
        <h2 className="card-header h6 mb-0 py-2">{t("firmware.errorTitle")}</h2>
        <div className="card-body">
          <div className="alert alert-danger" role="alert">
            {phase.text}
          </div>
          <div className="d-flex gap-2">
            <BackButton onClick={back} />
            {file && (
              <button type="button" className="btn btn-primary" onClick={() => void send(file)}>
                {t("common.retry")}
              </button>
            )}
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="card">
      <div className="card-body">
        {phase.kind === "busy" ? (
          <>
            <p role="status">{phase.hashing ? t("firmware.hashing") : t("firmware.uploading")}</p>
            {bar(phase.percent)}
          </>
        ) : (
          <>
            <p>{t("firmware.intro")}</p>
            {phase.refused && (
              <div className="alert alert-warning" role="alert">
                {phase.refused}
              </div>
            )}
            <FormRow label={t("firmware.file")}>
              {(c) => (
                <input
                  type="file"
                  className="form-control"
                  accept=".bin,.bin.gz"
                  name="firmware"
                  onChange={pick}
                  {...c}
                />
              )}
            </FormRow>
          </>
        )}
      </div>
    </section>
  );
}
