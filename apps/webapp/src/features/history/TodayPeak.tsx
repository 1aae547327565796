/**
 * Today's peak power under the live view's totals (gateway build only: screens/LiveView.tsx puts it in the live
 * view's `afterTotals` slot). From the recorded history, refreshed each minute; nothing while there is none.
 */
import { useEffect, useState } from "react";
import { getJson } from "../../lib/http";
import { useI18n } from "../../lib/i18n";
import { infoUrl } from "./api";

const REFRESH_MS = 60_000;

export function TodayPeak() {
  const { t, number } = useI18n();
  const [peak, setPeak] = useState<number | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const load = () =>
      getJson(infoUrl(), ctl.signal).then(
        (info) => setPeak(info.today_peak_w),
        // A failed read leaves the last value (or none): the live view has its own connection notice.
        () => undefined,
      );
    void load();
    const id = setInterval(() => void load(), REFRESH_MS);
    return () => {
      clearInterval(id);
      ctl.abort();
    };
  }, []);
  if (peak === null) return null;
  return (
    <p className="small text-body-secondary mt-1 mb-0" data-today-peak="">
      {t("history.todayPeak", { power: number(peak) })}
    </p>
  );
}
