/** Time settings, status and the device clock (API.md §3.18). */
import { deviceLimits } from "@dtu/api/limits";
import type { Gateway } from "../device/gateway.ts";
import { asInt, finiteFloat, asString, byteLength, truncate } from "../wire/coerce.ts";
import { result } from "../http/result.ts";
import { has, postHandler, saved, type Handlers } from "./types.ts";

const T = deviceLimits.ntp;

/** Sunrise/sunset are shown with seconds "00" (API.md §3.18). */
function sunTime(gw: Gateway, at: number | null, available: boolean): string {
  if (!available || at === null) return "--";
  return gw.clock.formatLocal(Math.floor(at / 60_000) * 60_000).replace(/:\d\d$/, ":00");
}

export const ntpHandlers = {
  ntpConfigGet: ({ gw }) => {
    const n = gw.config.ntp;
    return {
      ntp_server: n.server,
      ntp_timezone: n.timezone,
      ntp_timezone_descr: n.timezone_descr,
      longitude: n.longitude,
      latitude: n.latitude,
      sunsettype: n.sunsettype,
    };
  },
  ntpStatus: ({ gw }) => {
    const n = gw.config.ntp;
    const sun = gw.fleet.sun();
    const synced = gw.clock.synced();
    return {
      ntp_server: n.server,
      ntp_timezone: n.timezone,
      ntp_timezone_descr: n.timezone_descr,
      ntp_status: synced,
      ntp_localtime: gw.clock.formatLocal(),
      sun_risetime: sunTime(gw, sun.sunrise, sun.available),
      sun_settime: sunTime(gw, sun.sunset, sun.available),
      sun_isSunsetAvailable: sun.available,
      // True without valid sun data or clock (API.md §3.18).
      sun_isDayPeriod: !synced || !sun.available ? true : sun.isDayPeriod,
    };
  },
  ntpConfigPost: postHandler(
    { required: (r) => has(r, "ntp_server", "ntp_timezone", "longitude", "latitude", "sunsettype") },
    async (root, ctx) => {
      const server = asString(root.ntp_server);
      if (byteLength(server) === 0 || byteLength(server) > T.server) return result(9001, { max: T.server });
      const tz = asString(root.ntp_timezone);
      if (byteLength(tz) === 0 || byteLength(tz) > T.timezone) return result(9002, { max: T.timezone });
      const descr = asString(root.ntp_timezone_descr);
      if (byteLength(descr) === 0 || byteLength(descr) > T.timezoneDescr)
        return result(9003, { max: T.timezoneDescr });
      // Not range-checked on the device (API.md §3.18); a value no place on earth has is refused with the
      // generic parse code rather than stored (issue 11).
      const latitude = finiteFloat(root.latitude, 90);
      const longitude = finiteFloat(root.longitude, 180);
      if (latitude === undefined || longitude === undefined) return result(1004);
      const n = ctx.gw.config.ntp;
      n.server = truncate(server, T.server);
      n.timezone = truncate(tz, T.timezone);
      n.timezone_descr = truncate(descr, T.timezoneDescr);
      n.latitude = latitude;
      n.longitude = longitude;
      n.sunsettype = asInt(root.sunsettype, "uint8");
      await saved(ctx);
      return result(1001);
    },
  ),
  ntpTimeGet: ({ gw }) => {
    const p = gw.clock.localParts();
    return {
      ntp_status: gw.clock.synced(),
      year: p.year,
      month: p.month,
      day: p.day,
      hour: p.hour,
      minute: p.minute,
      second: p.second,
    };
  },
  ntpTimePost: postHandler(
    { required: (r) => has(r, "year", "month", "day", "hour", "minute", "second") },
    (root, { gw }) => {
      const year = asInt(root.year, "uint32");
      if (year < 2022 || year > 2100) return result(9004, { min: 2022, max: 2100 });
      const month = asInt(root.month, "uint32");
      if (month < 1 || month > 12) return result(9005, { min: 1, max: 12 });
      const day = asInt(root.day, "uint32");
      if (day < 1 || day > 31) return result(9006, { min: 1, max: 31 });
      const hour = asInt(root.hour, "uint32");
      if (hour > 23) return result(9007, { min: 0, max: 23 });
      const minute = asInt(root.minute, "uint32");
      if (minute > 59) return result(9008, { min: 0, max: 59 });
      const second = asInt(root.second, "uint32");
      if (second > 59) return result(9009, { min: 0, max: 59 });
      gw.clock.setLocal({ year, month, day, hour, minute, second });
      gw.log(`Time set to ${gw.clock.formatLocal()}`);
      return result(9010);
    },
  ),
} satisfies Partial<Handlers>;
