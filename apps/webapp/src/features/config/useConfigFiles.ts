import { useCallback, useEffect, useState } from "react";
import { toHttpError, type HttpError } from "../../lib/http";
import { loadFiles, type ConfigFiles } from "./api";

/** Like useApi, for the probed file list (API.md §9.12). */
export function useConfigFiles() {
  const [data, setData] = useState<ConfigFiles>();
  const [error, setError] = useState<HttpError>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    setError(undefined);
    loadFiles(ctl.signal).then(
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
  }, [tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, error, reload };
}
