import { useState, type FormEvent } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { BackButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { ConfirmModal } from "../../components/ui/ConfirmModal";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { FormRow, SelectField } from "../../components/ui/FormRow";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { Spinner } from "../../components/ui/Spinner";
import { toHttpError } from "../../lib/http";
import { useI18n, useT } from "../../lib/i18n";
import {
  downloadFile,
  factoryReset,
  guessTarget,
  isJsonName,
  RESTORE_TARGETS,
  restoreOutcome,
  uploadConfig,
  type ConfigFiles,
} from "./api";

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
  return (
    <Card title={t("config.backupTitle")}>
      <p>{t("config.backupIntro")}</p>
      {failed && (
        <div className="alert alert-danger" role="alert">
          {failed}
        </div>
      )}
      <ul className="list-group">
        {files.names.map((name) => (
          <li key={name} className="list-group-item d-flex align-items-center gap-2">
            <span className="flex-grow-1 text-break">{name}</span>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={t("config.downloadLabel", { name })}
              onClick={() => {
                setFailed(undefined);
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

type Restore =
  | { kind: "idle"; problem?: string }
  | { kind: "uploading"; percent: number }
  | { kind: "success" }
  | { kind: "error"; text: string };

function RestoreCard({ files, reload }: { files: ConfigFiles; reload: () => void }) {
  const { t, number } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<string>(RESTORE_TARGETS[0]);
  const [state, setState] = useState<Restore>({ kind: "idle" });
  const restart = useDeviceRestart(state.kind === "success");

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setState({ kind: "idle", problem: t("config.noFile") });
    if (!isJsonName(file.name))
      return setState({ kind: "idle", problem: t("config.notJson", { name: file.name }) });
    setState({ kind: "uploading", percent: 0 });
    try {
      const r = await uploadConfig(files.api, target, file, (p) =>
        setState({ kind: "uploading", percent: p }),
      );
      const o = restoreOutcome(r);
      setState(
        o.ok
          ? { kind: "success" }
          : { kind: "error", text: o.body ?? t("config.httpError", { status: o.statusText ?? "" }) },
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
    body = (
      <div
        className="progress"
        role="progressbar"
        aria-label={t("config.progress")}
        aria-valuenow={state.percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: `${state.percent}%` }}>
          {t("config.percent", { value: number(state.percent) })}
        </div>
      </div>
    );
  } else if (state.kind === "success" || state.kind === "error") {
    body = (
      <>
        {state.kind === "success" ? (
          <div className="alert alert-success" role="status">
            {t("config.restored")}
          </div>
        ) : (
          <div className="alert alert-danger" role="alert">
            {state.text}
          </div>
        )}
        {state.kind === "success" && (
          <DeviceRestartNote state={restart} waiting={t("config.waiting")} back={t("config.back")} />
        )}
        <BackButton onClick={back} disabled={restart === "waiting"} />
      </>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <p>{t("config.restoreIntro")}</p>
        {state.problem && (
          <div className="alert alert-warning" role="alert">
            {state.problem}
          </div>
        )}
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
          onChange={(e) => setTarget(e.target.value)}
          options={RESTORE_TARGETS.map((n) => [n, n] as const)}
        />
        <button type="submit" className="btn btn-primary">
          {t("config.restore")}
        </button>
      </form>
    );
  }

  return <Card title={t("config.restoreTitle")}>{body}</Card>;
}

function ResetCard({ files }: { files: ConfigFiles }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApiResult>();
  const [restarting, setRestarting] = useState(false);
  const restart = useDeviceRestart(restarting);

  async function go() {
    setAsking(false);
    setBusy(true);
    setResult(undefined);
    setRestarting(false);
    try {
      const r = await factoryReset(files.api);
      setResult(r);
      setRestarting(r.type === "success");
    } catch (e) {
      setResult({ type: "danger", message: toHttpError(e).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t("config.resetTitle")}>
      <ResultAlert result={result} onClose={() => setResult(undefined)} />
      <DeviceRestartNote state={restart} waiting={t("config.waiting")} back={t("config.back")} />
      <p>{t("config.resetIntro")}</p>
      <button
        type="button"
        className="btn btn-danger d-inline-flex align-items-center gap-2"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {busy && <Spinner small />}
        {t("config.reset")}
      </button>
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
