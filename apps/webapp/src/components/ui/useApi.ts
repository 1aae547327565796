import type { ApiPath } from "@dtu/api/endpoints";
import { useCallback, useEffect, useState } from "react";
import { getJson, toHttpError, type HttpError } from "../../lib/http";

export interface ApiState<T> {
  data: T | undefined;
  loading: boolean;
  error: HttpError | undefined;
  /** Fetch again (keeps the old data visible while loading). */
  reload: () => void;
}

/**
 * GET `path` on mount and whenever `path` changes or reload() is called. A failure ends loading and fills
 * `error` (never an endless spinner). Pass null to skip fetching (e.g. a dialog that is closed).
 */
export function useApi<T>(path: ApiPath<T> | null): ApiState<T> {
  return useLoad<T>(path, getJson<T>);
}

/**
 * Like useApi with another loader (e.g. one that probes two endpoints); `load` must be a module-level function
 * (it is an effect dependency), `key` plays the part of the path.
 */
export function useLoad<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
): ApiState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<HttpError>();
  const [loading, setLoading] = useState(key !== null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const ctl = new AbortController();
    setLoading(true);
    setError(undefined);
    load(key, ctl.signal).then(
      (d) => {
        if (ctl.signal.aborted) return;
        setData(d);
        setLoading(false);
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        setError(toHttpError(e));
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [key, load, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, error, reload };
}
