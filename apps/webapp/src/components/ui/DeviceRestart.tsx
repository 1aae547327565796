import type { ReactNode } from "react";
import { Spinner } from "./Spinner";

/** Status line while the device restarts: spinner and `waiting`, then `back` once it answers again. */
export function DeviceRestartNote({
  state,
  waiting,
  back,
}: {
  state: "idle" | "waiting" | "back";
  waiting: ReactNode;
  back: ReactNode;
}) {
  if (state === "idle") return null;
  return (
    <div
      className={
        state === "back" ? "alert alert-success" : "alert alert-info d-flex align-items-center gap-2"
      }
      role="status"
    >
      {state === "waiting" && <Spinner small />}
      {state === "waiting" ? waiting : back}
    </div>
  );
}
