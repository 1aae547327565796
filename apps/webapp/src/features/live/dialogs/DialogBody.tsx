import type { ReactNode } from "react";
import { Spinner } from "../../../components/ui/Spinner";
import { LoadError } from "../../../components/ui/LoadError";
import type { HttpError } from "../../../lib/http";

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
  if (error) {
    return <LoadError error={error} onRetry={onRetry} />;
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
