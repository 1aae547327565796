import { useCallback, useEffect, useId, useState } from "react";
import { endpoints } from "@dtu/api/endpoints";
import type { NtpTimeRequest } from "@dtu/api/settings";
import { Card } from "../../components/ui/Card";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { BusyButton } from "../../components/ui/Buttons";
import { useSave } from "../../components/ui/useSave";
import { getJson, toHttpError } from "../../lib/http";
import { useI18n } from "../../lib/i18n";

/** The device's local time as a Date whose local parts are the device's parts, and when it was read. */
interface Reading {
  time: Date;
  at: number;
}

/** The browser's local time as the parts POST /api/ntp/time expects (SEED §7). */
export function localParts(d: Date): NtpTimeRequest {
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

/** "+1:00": the signed hours and minutes between two wall-clock readings. */
export function clockDifference(ms: number): string {
  const min = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? "−" : "+"}${Math.floor(min / 60)}:${String(min % 60).padStart(2, "0")}`;
}

/**
 * Manual time card: device and browser time, both ticking each second, each with its time zone (the device's from its
 * config, the browser's from Intl) and the difference between them, so that an hour apart is explained before
 * anyone synchronizes (issue 11); Synchronize sets the device clock.
 */
export function ManualTime({ reloadKey = 0, zone }: { reloadKey?: number; zone?: string }) {
  const { t, dateTime } = useI18n();
  const [reading, setReading] = useState<Reading>();
  const [loadError, setLoadError] = useState<string>();
  const [now, setNow] = useState(() => Date.now());
  const { busy, result, clear, save } = useSave();
  const hintId = useId();

  const load = useCallback(() => {
    getJson(endpoints.ntpTimeGet.path).then(
      (r) => {
        setLoadError(undefined);
        setReading({
          time: new Date(r.year, r.month - 1, r.day, r.hour, r.minute, r.second),
          at: Date.now(),
        });
      },
      (e: unknown) => setLoadError(toHttpError(e).message),
    );
  }, []);

  // reloadKey: a saved time zone changes the device's local time, so read it again.
  useEffect(load, [load, reloadKey]);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);

  const device = reading ? new Date(reading.time.getTime() + (now - reading.at)) : undefined;

  const sync = () => {
    void save(endpoints.ntpTimePost.path, localParts(new Date())).then(load);
  };

  return (
    <Card title={t("ntp.manualCard")}>
      <dl className="row mb-3">
        <dt className="col-md-4">{t("ntp.deviceTime")}</dt>
        <dd className="col-md-8" data-testid="device-time">
          {device ? `${dateTime(device)} (${zone ?? "?"})` : (loadError ?? t("ntp.timeUnknown"))}
        </dd>
        <dt className="col-md-4">{t("ntp.browserTime")}</dt>
        <dd className="col-md-8" data-testid="browser-time">
          {`${dateTime(now)} (${Intl.DateTimeFormat().resolvedOptions().timeZone})`}
        </dd>
        {device && (
          <>
            <dt className="col-md-4">{t("ntp.difference")}</dt>
            <dd className="col-md-8" data-testid="time-difference">
              {clockDifference(device.getTime() - now)}
            </dd>
          </>
        )}
      </dl>
      <ResultAlert result={result} onClose={clear} />
      <BusyButton busy={busy} onClick={sync} aria-describedby={hintId}>
        {t("ntp.sync")}
      </BusyButton>
      <div id={hintId} className="form-text">
        {t("ntp.syncHint")}
      </div>
    </Card>
  );
}
