/** Statuses and configs of the Zero export tests: one status per state and reason the gateway gives. */
import type { ZeroExportConfig, ZeroExportStatus, ZeroExportWhy } from "@dtu/api/zeroexport";

/** 12:03 local time, when the tests' statuses arrive: "silent since" counts back from it. */
export const NOW = new Date(2026, 5, 21, 12, 3, 0).getTime();

export const ROOF = "116491234567";
export const SHED = "114181234567";
export const NAMES = new Map([
  [ROOF, "House roof"],
  [SHED, "Shed"],
]);

export const why = (code: ZeroExportWhy["code"], params: ZeroExportWhy["params"] = {}): ZeroExportWhy => ({
  code,
  params,
  message: `gateway words for ${code}`,
});

export function status(
  state: ZeroExportStatus["state"],
  reason: ZeroExportWhy,
  more: Partial<ZeroExportStatus> = {},
): ZeroExportStatus {
  return {
    state,
    reason,
    grid_w: 35,
    target_w: 20,
    deadband_w: 15,
    output_w: 905,
    limit_total_w: 1000,
    commands_last_hour: 7,
    inverters: [
      { serial: ROOF, limit_w: 420, output_w: 415, pending: false, response_ms: 4800 },
      { serial: SHED, limit_w: 580, output_w: 490, pending: true, response_ms: null },
    ],
    log: [
      {
        at: Date.UTC(2026, 5, 21, 10, 3, 0),
        serial: ROOF,
        from_w: 600,
        to_w: 420,
        grid_w: -150,
        why: why("export", { grid_w: -170, target_w: 20, cut_w: 180 }),
        result: "ok",
      },
    ],
    ...more,
  };
}

/** Every state with each reason it comes with, and the sentence the screen shows for it (English). */
export const STATES: [ZeroExportStatus["state"], ZeroExportWhy, RegExp][] = [
  ["off", why("off"), /Zero export is off/],
  ["waiting", why("waiting_clock"), /device's time/],
  ["waiting", why("waiting_meter"), /meter's first reading/],
  ["waiting", why("waiting_facts", { serial: SHED }), /rating, limit and output of Shed/],
  ["waiting", why("no_command_access", { access: "read-only" }), /send commands \(read-only\)/],
  ["waiting", why("dtu_unreachable"), /DTU does not answer/],
  ["active", why("meter_late", { silent_s: 4 }), /No meter reading for 4 s/],
  ["active", why("in_band", { grid_w: 25, target_w: 20, deadband_w: 15 }), /Grid 25 W, within 20 W ± 15 W/],
  ["active", why("settling", { grid_w: 60 }), /Grid 60 W: waiting for the inverters/],
  ["active", why("nothing_to_change", { grid_w: 300 }), /minimum, its maximum or what the sun gives/],
  ["active", why("export", { grid_w: -170, target_w: 20, cut_w: 190 }), /Acting: export 170 W/],
  ["active", why("import_excess", { grid_w: 140, missing_w: 120 }), /Acting: import 140 W, 120 W missing/],
  ["active", why("above_max", { max_w: 600 }), /Acting: above its maximum of 600 W/],
  [
    "active",
    why("cap_total", { total_w: 850, max_total_w: 800 }),
    /Acting: total 850 W above the cap of 800 W/,
  ],
  ["fallback", why("fallback_meter_stale", { silent_s: 120 }), /Meter silent since 12:01/],
  ["fallback", why("fallback_meter_error", { error: "HTTP 500" }), /Meter error \(HTTP 500\)/],
  ["fallback", why("fallback_stopping"), /gateway is stopping/],
  [
    "paused",
    why("paused_foreign_limit", { serial: ROOF, limit_w: 800, sent_w: 420 }),
    /limit of House roof was changed by someone else \(800 W; the gateway had sent 420 W\)/,
  ],
  ["active", why("check", { cut_w: 100 }), /Acting: commissioning check, 100 W lower/],
  ["active", why("check_restore"), /Acting: commissioning check done/],
];

export const CONFIG: ZeroExportConfig = {
  enabled: false,
  target_w: 20,
  deadband_w: 0,
  max_total_w: null,
  fallback_w: null,
  inverters: [{ serial: ROOF, enabled: true, min_w: 50, max_w: 800 }],
};
