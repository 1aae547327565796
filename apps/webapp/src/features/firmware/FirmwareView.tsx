import { useEffect, useState, type ChangeEvent } from "react";
import { deviceLimits } from "@dtu/api/limits";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { useI18n } from "../../lib/i18n";
import { uploadFirmware, uploadOutcome } from "./api";
import { imageProblem, isFirmwareName, md5OfBlob } from "./files";
import { ErrorCard, PickImage, ReadyImage, SuccessCard } from "./FirmwareCards";

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
 * restarted device and reloads the page; error card with Back, and Retry where trying again can help. The views:
 * ./FirmwareCards.tsx.
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

  if (phase.kind === "success") return <SuccessCard restart={restart} onBack={back} />;
  if (phase.kind === "error") {
    const retry = phase.retry;
    return (
      <ErrorCard
        text={phase.text}
        onBack={back}
        onRetry={file && retry ? () => void send(file, retry) : undefined}
      />
    );
  }
  return (
    <section className="card">
      <div className="card-body">
        {phase.kind === "busy" ? (
          <>
            <p role="status">{phase.hashing ? t("firmware.hashing") : t("firmware.uploading")}</p>
            <ProgressBar percent={phase.percent} className="progress mb-3" />
          </>
        ) : phase.kind === "ready" && file ? (
          <ReadyImage file={file} md5={phase.md5} onBack={back} onUpload={() => void send(file, phase.md5)} />
        ) : (
          <PickImage
            refused={phase.kind === "idle" ? phase.refused : undefined}
            onPick={(e) => void pick(e)}
          />
        )}
      </div>
    </section>
  );
}
