import { useState } from "react";
import type { PowerConfigRequest, PowerStatus } from "@dtu/api/live";
import { Modal } from "../../../components/ui/Modal";
import { ResultAlert } from "../../../components/ui/ResultAlert";
import { useApi } from "../../../components/ui/useApi";
import { useSave } from "../../../components/ui/useSave";
import { useI18n, type MessageKey } from "../../../lib/i18n";
import { livePaths, postPower } from "../api";
import { StatusBadge } from "../StatusBadge";
import { DialogBody, type InverterDialogProps } from "./DialogBody";
import { usePolling } from "./usePolling";

type Action = "on" | "off" | "restart";

const ACTIONS: { action: Action; label: MessageKey; confirm: MessageKey; variant: string }[] = [
  { action: "on", label: "live.powerOn", confirm: "live.powerOnConfirm", variant: "btn btn-success" },
  { action: "off", label: "live.powerOff", confirm: "live.powerOffConfirm", variant: "btn btn-danger" },
  {
    action: "restart",
    label: "live.powerRestart",
    confirm: "live.powerRestartConfirm",
    variant: "btn btn-warning",
  },
];

function body(serial: string, action: Action): PowerConfigRequest {
  return action === "restart" ? { serial, restart: true } : { serial, power: action === "on" };
}

/** Power settings (SEED §2, API.md §3.8): on, off, restart, each confirmed first; status refreshes while open. */
export function PowerDialog({ serial, name, onClose }: InverterDialogProps) {
  const { t } = useI18n();
  const { data, loading, error, reload } = useApi<PowerStatus>(livePaths.powerStatus);
  usePolling(reload);
  const [asking, setAsking] = useState<Action | null>(null);
  const { busy, result, clear, run } = useSave();

  async function act(action: Action) {
    await run(postPower(body(serial, action)));
    reload();
    setAsking(null);
  }

  const status = data?.[serial]?.power_set_status;
  const pending = ACTIONS.find((a) => a.action === asking);
  return (
    <Modal open title={t("live.powerTitle", { name })} onClose={onClose}>
      <DialogBody loading={loading && !data} error={error} onRetry={reload}>
        <p>
          {t("live.powerStatus")} <StatusBadge status={status} />
        </p>
        <ResultAlert result={result} onClose={clear} />
        {pending ? (
          <div className="alert alert-warning mb-0">
            <p>{t(pending.confirm)}</p>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
                {t("common.cancel")}
              </button>
              <button
                type="button"
                className={pending.variant}
                disabled={busy}
                onClick={() => void act(pending.action)}
              >
                {t(pending.label)}
              </button>
            </div>
          </div>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            {ACTIONS.map((a) => (
              <button
                key={a.action}
                type="button"
                className={a.variant}
                disabled={busy}
                onClick={() => setAsking(a.action)}
              >
                {t(a.label)}
              </button>
            ))}
          </div>
        )}
      </DialogBody>
    </Modal>
  );
}
