import { useCallback, useState, type FormEvent } from "react";
import { Alert } from "../../components/ui/ResultAlert";
import { BackButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { ConfirmModal } from "../../components/ui/ConfirmModal";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { FormRow, SelectField } from "../../components/ui/FormRow";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { clearNotices, useNoticeClearer } from "../../components/ui/useSave";
import { getBlob, toHttpError } from "../../lib/http";
import { useI18n, type MessageKey } from "../../lib/i18n";
import {
  guessTarget,
  isJsonName,
  RESTORE_TARGETS,
  restoreOutcome,
  uploadConfig,
  type ConfigFiles,
} from "./api";
import { currentSummary, inspectBackup, type BackupKind, type BackupSummary } from "./backup";

type Restore =
  | { kind: "idle"; problem?: string }
  | { kind: "confirm"; backup: BackupSummary; current: BackupSummary }
  | { kind: "uploading"; percent: number }
  | { kind: "success" }
  | { kind: "error"; text: string };

/**
 * Restore (SEED §2, issue 11 item 1): the chosen file is read and checked here first; a file that does not look like
 * the one it replaces is refused and nothing is sent. A fitting one is summarised next to what the device holds now,
 * and only sent once confirmed.
 */
export function RestoreCard({ files, reload }: { files: ConfigFiles; reload: () => void }) {
  const t = useI18n().t;
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<BackupKind>(RESTORE_TARGETS[0]);
  const [state, setState] = useState<Restore>({ kind: "idle" });
  const restart = useDeviceRestart(state.kind === "success");
  // Another card's action (a factory reset, a download) clears this card's notice, except mid-restore.
  useNoticeClearer(
    useCallback(
      () => setState((s) => (s.kind === "confirm" || s.kind === "uploading" ? s : { kind: "idle" })),
      [],
    ),
  );

  async function check(e: FormEvent) {
    e.preventDefault();
    clearNotices();
    if (!file) return setState({ kind: "idle", problem: t("config.noFile") });
    if (!isJsonName(file.name))
      return setState({ kind: "idle", problem: t("config.notJson", { name: file.name }) });
    const r = inspectBackup(target, await file.text());
    if (!r.ok) {
      const reason = t(r.reason, { kind: r.kind });
      return setState({ kind: "idle", problem: t("config.refused", { name: file.name, reason }) });
    }
    // What the device holds now: its own file (404 when it has none, API.md §3.12).
    const now = await getBlob(`${files.api.get}?file=${encodeURIComponent(target)}`)
      .then((b) => b.text())
      .catch(() => null);
    setState({ kind: "confirm", backup: r.summary, current: currentSummary(target, now) });
  }

  async function send(f: File) {
    setState({ kind: "uploading", percent: 0 });
    try {
      const r = await uploadConfig(files.api, target, f, (p) => setState({ kind: "uploading", percent: p }));
      const o = restoreOutcome(r);
      setState(
        o.ok
          ? { kind: "success" }
          : { kind: "error", text: o.body ?? t("common.httpError", { status: o.statusText ?? "" }) },
      );
    } catch (err) {
      setState({ kind: "error", text: toHttpError(err).message });
    }
  }

  function back() {
    setFile(null);
    setState({ kind: "idle" });
    reload();
  }

  let body;
  if (state.kind === "uploading") {
    body = <ProgressBar percent={state.percent} />;
  } else if (state.kind === "success" || state.kind === "error") {
    body = <Finished error={state.kind === "error" ? state.text : undefined} restart={restart} back={back} />;
  } else {
    body = (
      <form onSubmit={(e) => void check(e)} noValidate>
        <p>{t("config.restoreIntro")}</p>
        {state.kind === "idle" && state.problem && <Alert type="warning">{state.problem}</Alert>}
        <FormRow label={t("config.restoreFile")}>
          {(c) => (
            <input
              type="file"
              className="form-control"
              accept=".json,application/json"
              name="config"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                setState({ kind: "idle" });
                if (f) setTarget(guessTarget(f.name));
              }}
              {...c}
            />
          )}
        </FormRow>
        <SelectField
          label={t("config.restoreTarget")}
          name="target"
          value={target}
          onChange={(e) => setTarget(e.target.value as BackupKind)}
          options={RESTORE_TARGETS.map((n) => [n, n] as const)}
        />
        <button type="submit" className="btn btn-primary">
          {t("config.restore")}
        </button>
        <ConfirmModal
          open={state.kind === "confirm"}
          title={t("config.confirmTitle", { name: target })}
          confirmLabel={t("config.restore")}
          onCancel={() => setState({ kind: "idle" })}
          onConfirm={() => file && void send(file)}
        >
          <p>{t("config.confirmText")}</p>
          {state.kind === "confirm" && <Comparison backup={state.backup} current={state.current} />}
        </ConfirmModal>
      </form>
    );
  }

  return <Card title={t("config.restoreTitle")}>{body}</Card>;
}

/** After the upload: restored (and the device restarting) or the device's refusal, with Back. */
function Finished({
  error,
  restart,
  back,
}: {
  error: string | undefined;
  restart: "idle" | "waiting" | "back";
  back: () => void;
}) {
  const t = useI18n().t;
  return (
    <>
      {error === undefined ? (
        <Alert type="success">{t("config.restored")}</Alert>
      ) : (
        <Alert type="danger">{error}</Alert>
      )}
      {error === undefined && (
        <DeviceRestartNote state={restart} waiting={t("common.waiting")} back={t("common.runningAgain")} />
      )}
      <BackButton onClick={back} disabled={restart === "waiting"} />
    </>
  );
}

/** Summary lines and their labels, borrowed from the settings pages. */
const ROWS = [
  ["hostname", "common.hostname"],
  ["ssid", "network.ssid"],
  ["inverters", "inverters.listTitle"],
  ["mqtt", "common.mqttInfo"],
  ["dtuSerial", "dtu.serial"],
  ["profiles", "device.profile"],
] as const satisfies readonly (readonly [keyof BackupSummary, MessageKey])[];

/** The backup's values beside the device's current ones; device data rendered as text. */
function Comparison({ backup, current }: { backup: BackupSummary; current: BackupSummary }) {
  const t = useI18n().t;
  const show = (v: BackupSummary[keyof BackupSummary]): string => {
    if (v === null) return t("info.disabled");
    if (Array.isArray(v)) return v.length ? `${v.length}: ${v.join(", ")}` : "0";
    return v || "—";
  };
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t("config.backupTitle")}</th>
          <th scope="col">{t("config.onDevice")}</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.filter(([k]) => backup[k] !== undefined).map(([k, label]) => (
          <tr key={k}>
            <th scope="row">{t(label)}</th>
            <td className="text-break">{show(backup[k])}</td>
            <td className="text-break">{show(current[k])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
