/** The History screen's body: view switch, date navigation (previous/next, picker), inverter choice, then the view. */
import { useState } from "react";
import type { HistoryInfo } from "@dtu/api/history";
import { PeriodNav } from "../../components/ui/PeriodControls";
import { inDevice, topBase } from "../../lib/devices";
import { useI18n } from "../../lib/i18n";
import { gatewayPaths } from "../../lib/routes";
import { Backup } from "./Backup";
import { BarsView } from "./BarsView";
import { DayView } from "./DayView";
import { stepPeriod, type PeriodView } from "../../lib/calendar";

const VIEWS: PeriodView[] = ["day", "month", "year", "all"];
const VIEW_LABEL = {
  day: "history.day",
  month: "history.month",
  year: "history.year",
  all: "history.all",
} as const;

export function History({ info }: { info: HistoryInfo }) {
  const { t } = useI18n();
  const [view, setView] = useState<PeriodView>("day");
  const [date, setDate] = useState<string | null>(null);
  const [serial, setSerial] = useState<string | null>(null);
  const day = date ?? info.today;
  return (
    <>
      {/* One device of several (issue 24 §5): the way to their combined energy. A plain link: the top level is
          another app (its own base), and the link asks nothing of the gateway until it is followed. */}
      {inDevice() && (
        <p className="mb-2">
          <a href={topBase() + gatewayPaths.history.slice(1)} data-all-devices>
            {t("history.allDevices")}
          </a>
        </p>
      )}
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <PeriodNav
          label={t("history.title")}
          views={VIEWS}
          view={view}
          text={VIEW_LABEL}
          onView={setView}
          // One period back or on (never past today).
          step={
            view === "all"
              ? null
              : {
                  nextBegun: stepPeriod(view, day, 1) <= info.today,
                  go: (dir) => setDate(stepPeriod(view, day, dir)),
                }
          }
        >
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
        </PeriodNav>
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
