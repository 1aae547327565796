import { useEffect, useState } from "react";
import { compareUrl, UPSTREAM, updateStateFrom, type UpdateState } from "./rules";

/**
 * Asks the public compare API whether upstream has commits after this firmware (SEED §4, §7). A direct fetch on
 * purpose, not lib/http: it goes to another host and must carry neither the device credentials nor the device
 * headers. Offline, non-OK or a timeout → the grey version-error badge.
 */
export async function checkForUpdate(gitHash: string, signal?: AbortSignal): Promise<UpdateState> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), UPSTREAM.timeoutMs);
  signal?.addEventListener("abort", () => ctl.abort());
  try {
    const res = await fetch(compareUrl(gitHash), { signal: ctl.signal, credentials: "omit" });
    if (!res.ok) return { kind: "error" };
    return updateStateFrom(await res.json());
  } catch {
    return { kind: "error" };
  } finally {
    clearTimeout(timer);
  }
}

export function useUpdateCheck(gitHash: string | undefined): UpdateState {
  const [state, setState] = useState<UpdateState>({ kind: "checking" });
  useEffect(() => {
    if (gitHash === undefined) return;
    const ctl = new AbortController();
    setState({ kind: "checking" });
    void checkForUpdate(gitHash, ctl.signal).then((s) => {
      if (!ctl.signal.aborted) setState(s);
    });
    return () => ctl.abort();
  }, [gitHash]);
  return state;
}
