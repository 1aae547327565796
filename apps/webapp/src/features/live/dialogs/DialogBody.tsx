import type { ReactNode } from "react";
import { Spinner } from "../../../components/ui/Spinner";
import type { HttpError } from "../../../lib/http";
import { useT } from "../../../lib/i18n";

/** Spinner while the first answer is missing, an error with Retry, else the content. */
export function DialogBody({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: HttpError | undefined;
  onRetry: () => void;
  children: ReactNode;
}) {
  const t = useT();
  if (error) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="flex-grow-1">{t("common.loadFailed", { message: error.message })}</span>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          {t("common.retry")}
        </button>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="text-center py-4">
        <Spinner />
      </div>
    );
  }
  return <>{children}</>;
}

export interface InverterDialogProps {
  serial: string;
  name: string;
  onClose: () => void;
  /** False while the inverter was never read since the DTU started: its limit is the device's placeholder 0. */
  read?: boolean;
}
