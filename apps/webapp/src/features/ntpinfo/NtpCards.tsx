import type { NtpStatus } from "@dtu/api/settings";
import { Badge, BoolBadge } from "../../components/ui/Badge";
import { InfoCard } from "../../components/ui/InfoCard";
import { useI18n } from "../../lib/i18n";
import { parseDeviceTime } from "./deviceTime";

export function NtpCards({ n }: { n: NtpStatus }) {
  const { t, dateTime } = useI18n();
  const time = (v: string) => {
    const d = parseDeviceTime(v);
    return d ? dateTime(d) : v;
  };
  // API.md §3.18: without a sun crossing the chosen angle both times read "--".
  const sun = (v: string) => (n.sun_isSunsetAvailable ? time(v) : t("info.notAvailable"));
  return (
    <>
      <InfoCard
        title={t("info.ntpConfig")}
        rows={[
          [t("info.server"), n.ntp_server],
          [t("common.timezone"), n.ntp_timezone_descr],
          [t("info.timezone"), n.ntp_timezone],
        ]}
      />
      <InfoCard
        title={t("info.ntpState")}
        rows={[
          [
            t("common.status"),
            <BoolBadge value={n.ntp_status} yes={t("info.synced")} no={t("info.notSynced")} />,
          ],
          [t("info.localTime"), time(n.ntp_localtime)],
          [t("info.sunrise"), sun(n.sun_risetime)],
          [t("info.sunset"), sun(n.sun_settime)],
          [
            t("info.period"),
            n.sun_isDayPeriod ? (
              <Badge variant="warning">{t("info.day")}</Badge>
            ) : (
              <Badge variant="dark">{t("info.night")}</Badge>
            ),
          ],
        ]}
      />
    </>
  );
}
