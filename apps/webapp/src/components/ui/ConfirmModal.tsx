import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { Modal } from "./Modal";

export interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Text of the confirming button; defaults to "Confirm". */
  confirmLabel?: ReactNode;
  /** Bootstrap variant of the confirming button (danger for destructive actions). */
  variant?: "primary" | "danger" | "warning";
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no dialog (reboot, factory reset, delete inverter): Cancel and a confirming button. */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  variant = "danger",
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t("common.cancel")}
          </button>
          <button type="button" className={`btn btn-${variant}`} onClick={onConfirm}>
            {confirmLabel ?? t("common.confirm")}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
