import { useCallback, useEffect, useState } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { postData, toHttpError } from "../../lib/http";
import { localeStore, translate } from "../../lib/i18n";

/** Every mounted notice's clearer: one page shows one action's notice (issue 11). */
const notices = new Set<() => void>();

/** A new action starts (a request, or a form refused before sending): every notice on the page goes. */
export function clearNotices(): void {
  notices.forEach((clear) => clear());
}

/** Puts a component's own notice under clearNotices; `clear` must be stable (useCallback). */
export function useNoticeClearer(clear: () => void): void {
  useEffect(() => {
    notices.add(clear);
    return () => void notices.delete(clear);
  }, [clear]);
}

export interface SaveState {
  busy: boolean;
  /** The last answer (or a transport failure as a danger result with its message); show with ResultAlert. */
  result: ApiResult | undefined;
  clear: () => void;
  /** Shows an answer that came another way (e.g. from a dialog that closed). */
  setResult: (r: ApiResult | undefined) => void;
  /** Runs a request (a new action: every notice on the page goes); resolves with its answer, never rejects. */
  run: (request: Promise<ApiResult>) => Promise<ApiResult>;
  /** POSTs `body` as the form field `data` (API.md §3.0), as run does. */
  save: (path: string, body: unknown) => Promise<ApiResult>;
}

/** The POST side of a form or a command: busy flag and the result alert's content. */
export function useSave(): SaveState {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApiResult>();
  const clear = useCallback(() => setResult(undefined), []);
  useNoticeClearer(clear);
  const run = useCallback(async (request: Promise<ApiResult>) => {
    setBusy(true);
    clearNotices();
    let r: ApiResult;
    try {
      r = await request;
    } catch (e) {
      const failed = toHttpError(e);
      // Gateway build: "the device does not answer" in the page's language, not the gateway's English words.
      const message =
        __GATEWAY_BUILD__ && failed.unanswered
          ? translate(localeStore.get(), "gateway.unanswered")
          : failed.message;
      // Gateway build: a refusal naming its field (whatever its status) is the answer, so the form shows it there.
      r = __GATEWAY_BUILD__ && failed.refusal ? failed.refusal : { type: "danger", message };
    }
    setResult(r);
    setBusy(false);
    return r;
  }, []);
  const save = useCallback((path: string, body: unknown) => run(postData<ApiResult>(path, body)), [run]);
  return { busy, result, clear, setResult, run, save };
}
