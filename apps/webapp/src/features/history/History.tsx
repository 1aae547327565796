/** The History screen's body: view switch, date navigation (previous/next, picker), inverter choice, then the view. */
import { useState } from "react";
import type { HistoryInfo } from "@dtu/api/history";
import { useI18n } from "../../lib/i18n";
import { Backup } from "./Backup";
import { BarsView } from "./BarsView";
import { DayView } from "./DayView";
import { step, type View } from "./periods";

const VIEWS: View[] = ["day", "month", "year", "all"];
const VIEW_LABEL = {
  day: "history.day",
  month: "history.month",
  year: "history.year",
  all: "history.all",
} as const;

export function History({ info }: { info: HistoryInfo }) {
  const { t } = useI18n();
  const [view, setView] = useState<View>("day");
  const [date, setDate] = useState<string | null>(null);
  const [serial, setSerial] = useState<string | null>(null);
  const day = date ?? info.today;
  /** One period back or on (never past today). */
  const stepButton = (dir: -1 | 1) => (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      disabled={dir > 0 && step(view, day, 1) > info.today}
      onClick={() => setDate(step(view, day, dir))}
    >
      {dir < 0 ? "‹" : "›"}{" "}
      <span className="visually-hidden">{t(dir < 0 ? "history.previous" : "history.next")}</span>
    </button>
  );
  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div className="btn-group flex-wrap" role="group" aria-label={t("history.title")}>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className={`btn btn-sm ${v === view ? "btn-primary" : "btn-outline-primary"}`}
              aria-pressed={v === view}
              onClick={() => setView(v)}
            >
              {t(VIEW_LABEL[v])}
            </button>
          ))}
        </div>
        {view !== "all" && (
          <div className="d-flex align-items-center gap-1">
            {stepButton(-1)}
            <label className="visually-hidden" htmlFor="history-date">
              {t("history.date")}
            </label>
            <input
              id="history-date"
              type="date"
              className="form-control form-control-sm"
              value={day}
              max={info.today}
              onChange={(e) => e.target.value && setDate(e.target.value)}
            />
            {stepButton(1)}
          </div>
        )}
        <div>
          <label className="visually-hidden" htmlFor="history-inverter">
            {t("history.inverter")}
          </label>
          <select
            id="history-inverter"
            className="form-select form-select-sm"
            value={serial ?? ""}
            onChange={(e) => setSerial(e.target.value || null)}
          >
            <option value="">{t("history.allInverters")}</option>
            {info.inverters.map((inv) => (
              <option key={inv.serial} value={inv.serial}>
                {inv.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {view === "day" ? (
        <DayView date={day} serial={serial} today={info.today} />
      ) : (
        <BarsView view={view} date={day} first={info.first_day ?? day} serial={serial} />
      )}
      <Backup />
    </>
  );
}
