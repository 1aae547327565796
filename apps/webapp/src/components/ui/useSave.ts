import { useCallback, useState } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { postData, toHttpError } from "../../lib/http";

export interface SaveState {
  busy: boolean;
  /** The last answer (or a transport failure as a danger result with its message); show with ResultAlert. */
  result: ApiResult | undefined;
  clear: () => void;
  /** POSTs `body` as the form field `data` (API.md §3.0); resolves with the answer, never rejects. */
  save: (path: string, body: unknown) => Promise<ApiResult>;
}

/** The POST side of a settings form: busy flag and the result alert's content. */
export function useSave(): SaveState {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApiResult>();
  const save = useCallback(async (path: string, body: unknown) => {
    setBusy(true);
    setResult(undefined);
    let r: ApiResult;
    try {
      r = await postData<ApiResult>(path, body);
    } catch (e) {
      r = { type: "danger", message: toHttpError(e).message };
    }
    setResult(r);
    setBusy(false);
    return r;
  }, []);
  const clear = useCallback(() => setResult(undefined), []);
  return { busy, result, clear, save };
}
