import { useEffect } from "react";

/** Calls `reload` every `ms` while mounted (command status badges: Pending → Ok/Failure, API.md §3.7). */
export function usePolling(reload: () => void, ms = 2000): void {
  useEffect(() => {
    const id = setInterval(reload, ms);
    return () => clearInterval(id);
  }, [reload, ms]);
}
