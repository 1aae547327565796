import type { EventLog } from "@dtu/api/live";
import { Modal } from "../../../components/ui/Modal";
import { useApi } from "../../../components/ui/useApi";
import { useI18n } from "../../../lib/i18n";
import { livePaths } from "../api";
import { clockTime } from "../format";
import { DialogBody, type InverterDialogProps } from "./DialogBody";

/** Event log (SEED §2, API.md §3.4): texts in the chosen language, start/stop as hh:mm:ss. */
export function EventLogDialog({ serial, name, onClose }: InverterDialogProps) {
  const { t, locale } = useI18n();
  const { data, loading, error, reload } = useApi<Partial<EventLog>>(livePaths.eventlog(serial, locale));
  // Older firmware wrapped the log in an object keyed by the serial (API.md §3.4 note, §7 #24).
  const log = data && data.count === undefined ? (data as Record<string, Partial<EventLog>>)[serial] : data;
  const events = log?.events ?? [];
  const n = log?.count ?? events.length;
  // Plural form by the locale's rules (French 0 and 1 are singular).
  const one = new Intl.PluralRules(locale).select(n) === "one";
  return (
    <Modal open title={t("live.eventsTitle", { name })} onClose={onClose} size="lg">
      <DialogBody loading={loading && !data} error={error} onRetry={reload}>
        <p>{t(one ? "live.eventOne" : "live.eventCount", { n })}</p>
        {events.length > 0 && (
          <div className="table-responsive" tabIndex={0} /* focusable: keyboard scrolling on a phone (axe) */>
            <table className="table table-sm table-striped">
              <thead>
                <tr>
                  <th scope="col">{t("live.eventStart")}</th>
                  <th scope="col">{t("live.eventStop")}</th>
                  <th scope="col">{t("live.eventId")}</th>
                  <th scope="col">{t("live.eventMessage")}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e, i) => (
                  <tr key={i}>
                    <td>{clockTime(e.start_time)}</td>
                    <td>{clockTime(e.end_time)}</td>
                    <td>{e.message_id}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DialogBody>
    </Modal>
  );
}
