import { useEffect, useState, type ChangeEvent } from "react";
import { Alert } from "../../components/ui/ResultAlert";
import { deviceLimits } from "@dtu/api/limits";
import { BackButton } from "../../components/ui/Buttons";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { FormRow } from "../../components/ui/FormRow";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { useI18n } from "../../lib/i18n";
import { uploadFirmware, uploadOutcome } from "./api";
import { imageProblem, isFirmwareName, md5OfBlob } from "./files";

type Phase =
  | { kind: "idle"; refused?: string }
  | { kind: "busy"; hashing: boolean; percent: number }
  | { kind: "ready"; md5: string }
  | { kind: "success" }
  /** `retry`: the MD5 to send the same file again with, where trying again can help. */
  | { kind: "error"; text: string; retry?: string };

/** The device's OTA refusals (API.md §3.13) in words. */
const OTA_TEXTS: Record<string, "firmware.otaBegin" | "firmware.otaEnd"> = {
  "OTA could not begin": "firmware.otaBegin",
  "Could not end OTA": "firmware.otaEnd",
};

/**
 * Firmware upgrade (SEED §2, §4, §8, issue 11 item 6): pick an image; it is checked (ESP32 app image that fits the
 * partition) and hashed, its summary confirmed, then uploaded with progress; success card that waits for the
 * restarted device and reloads the page; error card with Back, and Retry where trying again can help.
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

  async function send(f: File, md5: string) {
    setPhase({ kind: "busy", hashing: false, percent: 0 });
    try {
      const r = await uploadFirmware(f, md5, (p) => setPhase({ kind: "busy", hashing: false, percent: p }));
      const o = uploadOutcome(r);
      if (o.ok) return setPhase({ kind: "success" });
      const known = OTA_TEXTS[o.body ?? ""];
      setPhase({
        kind: "error",
        text: known ? t(known) : (o.body ?? t("common.httpError", { status: o.statusText ?? "" })),
      });
    } catch (e) {
      // SEED §8: transport failure; the details go to the console as the text says. Trying again may help.
      console.error("firmware upload failed", e);
      setPhase({ kind: "error", text: t("firmware.unknownError"), retry: md5 });
    }
  }

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    setFile(null);
    if (!f) return setPhase({ kind: "idle" });
    const gz = f.name.toLowerCase().endsWith(".gz");
    const problem = isFirmwareName(f.name) ? await imageProblem(f, gz) : "firmware.badExtension";
    if (problem) {
      e.target.value = "";
      const max = number(deviceLimits.firmwareMaxBytes);
      return setPhase({ kind: "idle", refused: t(problem, { name: f.name, max }) });
    }
    setFile(f);
    setPhase({ kind: "busy", hashing: true, percent: 0 });
    try {
      setPhase({ kind: "ready", md5: await md5OfBlob(f) });
    } catch (err) {
      console.error("firmware hashing failed", err);
      setPhase({ kind: "error", text: t("firmware.unknownError") });
    }
  }

  function back() {
    setFile(null);
    setPhase({ kind: "idle" });
  }

  if (phase.kind === "success") return <Upgraded restart={restart} back={back} />;

  if (phase.kind === "error") {
    const md5 = phase.retry;
    return (
      <Failed text={phase.text} back={back} retry={file && md5 ? () => void send(file, md5) : undefined} />
    );
  }

  return (
    <section className="card">
      <div className="card-body">
        {phase.kind === "busy" ? (
          <>
            <p role="status">{phase.hashing ? t("firmware.hashing") : t("firmware.uploading")}</p>
            <ProgressBar percent={phase.percent} spaced />
          </>
        ) : phase.kind === "ready" && file ? (
          <Ready file={file} md5={phase.md5} back={back} upload={() => void send(file, phase.md5)} />
        ) : (
          <>
            <p>{t("firmware.intro")}</p>
            {phase.kind === "idle" && phase.refused && <Alert type="warning">{phase.refused}</Alert>}
            <FormRow label={t("firmware.file")}>
              {(c) => (
                <input
                  type="file"
                  className="form-control"
                  accept=".bin,.bin.gz"
                  name="firmware"
                  onChange={(e) => void pick(e)}
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

/** The success card: the new firmware is in, the device restarts (SEED §2). */
function Upgraded({ restart, back }: { restart: "idle" | "waiting" | "back"; back: () => void }) {
  const t = useI18n().t;
  return (
    <section className="card border-success">
      <h2 className="card-header h6 mb-0 py-2">{t("firmware.successTitle")}</h2>
      <div className="card-body">
        <ProgressBar percent={100} spaced />
        <p>{t("firmware.successText")}</p>
        <DeviceRestartNote state={restart} waiting={t("common.waiting")} back={t("firmware.back")} />
        <BackButton onClick={back} />
      </div>
    </section>
  );
}

/** The error card: Back, and Retry where trying again can help (`retry`). */
function Failed({ text, back, retry }: { text: string; back: () => void; retry: (() => void) | undefined }) {
  const t = useI18n().t;
  return (
    <section className="card border-danger">
      <h2 className="card-header h6 mb-0 py-2">{t("firmware.errorTitle")}</h2>
      <div className="card-body">
        <Alert type="danger">{text}</Alert>
        <div className="d-flex gap-2">
          <BackButton onClick={back} />
          {retry && (
            <button type="button" className="btn btn-primary" onClick={retry}>
              {t("common.retry")}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** The checked image's summary, to confirm before it is sent. */
function Ready({
  file,
  md5,
  back,
  upload,
}: {
  file: File;
  md5: string;
  back: () => void;
  upload: () => void;
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
        <BackButton onClick={back} />
        <button type="button" className="btn btn-primary" onClick={upload}>
          {t("firmware.upload")}
        </button>
      </div>
    </>
  );
}
