import { useState } from "react";
import { ConfirmModal } from "../../components/ui/ConfirmModal";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { BusyButton } from "../../components/ui/Buttons";
import { useSave } from "../../components/ui/useSave";
import { useT } from "../../lib/i18n";
import { reboot } from "./api";

/**
 * Reboot button → confirmation → POST → result alert, then the page waits until the gateway answers again
 * (the live view's socket reconnects by itself, SEED §4).
 */
export function RebootView() {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const { busy, result, clear, run } = useSave();
  const [restarting, setRestarting] = useState(false);
  const state = useDeviceRestart(restarting);

  async function go() {
    setAsking(false);
    setRestarting(false);
    setRestarting((await run(reboot())).type === "success");
  }

  return (
    <section className="card">
      <div className="card-body">
        <ResultAlert result={result} onClose={clear} />
        <DeviceRestartNote state={state} waiting={t("common.waiting")} back={t("common.runningAgain")} />
        <p>{t("reboot.intro")}</p>
        <BusyButton
          className="btn-danger"
          busy={busy}
          disabled={state === "waiting"}
          onClick={() => setAsking(true)}
        >
          {t("reboot.button")}
        </BusyButton>
      </div>
      <ConfirmModal
        open={asking}
        title={t("reboot.confirmTitle")}
        confirmLabel={t("reboot.button")}
        onCancel={() => setAsking(false)}
        onConfirm={() => void go()}
      >
        {t("reboot.confirmText")}
      </ConfirmModal>
    </section>
  );
}
