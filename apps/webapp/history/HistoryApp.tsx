/** The History screen: view switch, date navigation (previous/next, picker), inverter choice, then the view. */
import { useEffect, useState } from "react";
import type { HistoryInfo } from "@dtu/api/history";
import { getInfo, type Host } from "./api";
import { BarsView } from "./BarsView";
import { DayView } from "./DayView";
import { useT } from "./i18n";
import { step, type View } from "./periods";
import { useLoad } from "./parts";

const VIEWS: View[] = ["day", "month", "year", "all"];

export function HistoryApp({ host }: { host: Host }) {
  const t = useT();
  const info = useLoad<HistoryInfo>((signal) => getInfo(host, signal), []);
  const [view, setView] = useState<View>("day");
  const [date, setDate] = useState<string | null>(null);
  const [serial, setSerial] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${t("title")} – OpenDTU`;
  });
  const data = info.data;
  const day = date ?? data?.today ?? null;
  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-3 border-bottom pb-2">
        <h1 className="h3 mb-0 flex-grow-1">{t("title")}</h1>
      </div>
      {!data || !day ? (
        info.view
      ) : (
        <>
          <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
            <div className="btn-group" role="group" aria-label={t("title")}>
              {VIEWS.map((v) => (
                <button
                  key={v}
                  type="button"
                  className={`btn btn-sm ${v === view ? "btn-primary" : "btn-outline-primary"}`}
                  aria-pressed={v === view}
                  onClick={() => setView(v)}
                >
                  {t(v)}
                </button>
              ))}
            </div>
            {view !== "all" && (
              <div className="d-flex align-items-center gap-1">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  onClick={() => setDate(step(view, day, -1))}
                >
                  ‹ <span className="visually-hidden">{t("previous")}</span>
                </button>
                <label className="visually-hidden" htmlFor="history-date">
                  {t("date")}
                </label>
                <input
                  id="history-date"
                  type="date"
                  className="form-control form-control-sm"
                  value={day}
                  max={data.today}
                  onChange={(e) => e.target.value && setDate(e.target.value)}
                />
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  disabled={step(view, day, 1) > data.today}
                  onClick={() => setDate(step(view, day, 1))}
                >
                  › <span className="visually-hidden">{t("next")}</span>
                </button>
              </div>
            )}
            <div>
              <label className="visually-hidden" htmlFor="history-inverter">
                {t("inverter")}
              </label>
              <select
                id="history-inverter"
                className="form-select form-select-sm"
                value={serial ?? ""}
                onChange={(e) => setSerial(e.target.value || null)}
              >
                <option value="">{t("allInverters")}</option>
                {data.inverters.map((inv) => (
                  <option key={inv.serial} value={inv.serial}>
                    {inv.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {view === "day" ? (
            <DayView host={host} t={t} date={day} serial={serial} today={data.today} />
          ) : (
            <BarsView
              host={host}
              t={t}
              view={view}
              date={day}
              first={data.first_day ?? day}
              serial={serial}
            />
          )}
        </>
      )}
    </>
  );
}
