import { useEffect } from "react";

/** Calls `reload` every `ms` while `active` (command status badges: Pending → Ok/Failure, API.md §3.7). */
export function usePolling(active: boolean, reload: () => void, ms = 2000): void {
  useEffect(() => {
    if (!active) return;
    const id = setInterval(reload, ms);
    return () => clearInterval(id);
  }, [active, reload, ms]);
}
