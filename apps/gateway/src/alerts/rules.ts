/**
 * The rules (issue 23 §1) as pure functions: from one snapshot of the source, the learned usual shares and the
 * settings, one observation per watched condition. An observation says whether the condition holds now (`bad`
 * true), is gone (false), or cannot be judged now (null: night, clouds, dusk, unknown values); the tracker
 * (tracker.ts) turns observations into raised and cleared alerts with the thresholds and the hysteresis.
 * Event-log entries are not conditions but news; events.ts handles them.
 */
import type { AlertKind, AlertRules, AlertSeverity } from "@dtu/api/alerts";
import type { SourceInverter, SourceSnapshot } from "./source.ts";

/** What was learned from the recorded history (usual.ts); null while not enough is known. */
export interface Usual {
  /** Usual share (0–1) of a string in its group (the inverter, or the system for one-string inverters) at `atMs`. */
  share(serial: string, channel: number, atMs: number): number | null;
  /** Usual daily peak of the whole system in W. */
  peak(): number | null;
}

export interface Observation {
  /** Identity of the condition: never raised twice while an alert with this key is open. */
  key: string;
  kind: AlertKind;
  severity: AlertSeverity;
  serial: string | null;
  name: string;
  channel: number | null;
  bad: boolean | null;
  raiseAfterMs: number;
  clearAfterMs: number;
  /** Values for the alert's words (texts.ts). */
  facts: Record<string, number>;
  /** A string's alert: the string's name set by the owner ("" or absent: none, the number names it). */
  stringName?: string;
}

const MINUTE = 60_000;
/** Sun elevations of the issue: "sun up" for silent and idle inverters, "sun high" for weak strings. */
export const SUN_UP_DEG = 5;
export const SUN_HIGH_DEG = 15;
/**
 * Without a known location the device's sunrise and sunset stand in (its day starts at nautical dawn by default,
 * about an hour before an inverter wakes): these minutes after sunrise and before sunset count as "sun up" / "high".
 */
export const SUN_UP_MARGIN_MIN = 90;
export const SUN_HIGH_MARGIN_MIN = 150;
/** Weak strings: the system must make at least this share of its usual peak (the 10 %). */
export const MIN_PEAK_SHARE = 0.1;
/** A weak string counts as recovered only at P + this many percentage points of its usual share. */
export const WEAK_RECOVERY_MARGIN = 15;
/** Below this AC power an inverter counts as not producing for its siblings (W). */
const SIBLING_MIN_W = 5;

/** Recovery wants the condition gone for a while: the threshold, at most 10 minutes, at least 1 (hysteresis). */
export function clearDelay(minutes: number): number {
  return Math.max(1, Math.min(10, minutes)) * MINUTE;
}

export function sunAbove(snap: SourceSnapshot, degrees: number, marginMin: number): boolean | null {
  if (snap.elevation !== null) return snap.elevation >= degrees;
  if (snap.dayMargin !== null) return snap.dayMargin >= marginMin;
  return null;
}

/**
 * Answering: fine. Night: cannot tell (an inverter sleeps without sun, and the effective polling flag is off at night
 * without night polling, API.md §3.1). By day: silent while it is polled; polling switched off ends an open alert.
 */
function silent(inv: SourceInverter, sunUp: boolean | null): boolean | null {
  if (inv.reachable) return false;
  if (sunUp !== true) return null;
  return inv.pollEnabled;
}

function inverterSilent(snap: SourceSnapshot, rules: AlertRules): Observation[] {
  const rule = rules.inverter_silent;
  if (!rule.enabled) return [];
  const sunUp = sunAbove(snap, SUN_UP_DEG, SUN_UP_MARGIN_MIN);
  return snap.inverters.map((inv) => ({
    key: `inverter_silent:${inv.serial}`,
    kind: "inverter_silent",
    severity: "critical",
    serial: inv.serial,
    name: inv.name,
    channel: null,
    bad: silent(inv, sunUp),
    raiseAfterMs: rule.minutes * MINUTE,
    clearAfterMs: clearDelay(rule.minutes),
    facts: { minutes: rule.minutes },
  }));
}

function notProducing(snap: SourceSnapshot, rules: AlertRules): Observation[] {
  const rule = rules.not_producing;
  if (!rule.enabled) return [];
  const sunUp = sunAbove(snap, SUN_UP_DEG, SUN_UP_MARGIN_MIN);
  return snap.inverters.map((inv) => {
    const siblings = snap.inverters.filter(
      (o) => o !== inv && o.reachable && o.power >= SIBLING_MIN_W,
    ).length;
    let bad: boolean | null;
    if (!inv.pollEnabled) bad = sunUp === true ? false : null;
    else if (!inv.reachable) bad = null;
    else if (inv.producing) bad = false;
    else bad = sunUp === true && siblings > 0 ? true : null;
    return {
      key: `not_producing:${inv.serial}`,
      kind: "not_producing" as const,
      severity: "warning" as const,
      serial: inv.serial,
      name: inv.name,
      channel: null,
      bad,
      raiseAfterMs: rule.minutes * MINUTE,
      clearAfterMs: clearDelay(rule.minutes),
      facts: { minutes: rule.minutes, siblings },
    };
  });
}

/** The strings a string is compared with: its inverter's, or every string of the system for one-string inverters. */
export function groupOf(inv: SourceInverter, all: readonly SourceInverter[]): number {
  if (inv.strings.length >= 2) return inv.strings.reduce((a, p) => a + p, 0);
  return all
    .filter((o) => o.strings.length < 2)
    .reduce((a, o) => a + o.strings.reduce((b, p) => b + p, 0), 0);
}

function weakStrings(snap: SourceSnapshot, rules: AlertRules, usual: Usual): Observation[] {
  const rule = rules.weak_string;
  if (!rule.enabled) return [];
  const systemPower = snap.inverters.reduce((a, inv) => a + (inv.reachable ? inv.power : 0), 0);
  const peak = usual.peak();
  // Dusk, clouds and night: the comparison says nothing (all strings dim together, or the sun is low).
  const sunHigh = sunAbove(snap, SUN_HIGH_DEG, SUN_HIGH_MARGIN_MIN) === true;
  const bright = sunHigh && peak !== null && systemPower >= MIN_PEAK_SHARE * peak;
  const out: Observation[] = [];
  for (const inv of snap.inverters) {
    const group = groupOf(inv, snap.inverters);
    inv.strings.forEach((power, channel) => {
      const expected = usual.share(inv.serial, channel, snap.now);
      let bad: boolean | null = null;
      let share = 0;
      // A limited inverter gives less than its panels could: its strings say nothing about the panels then.
      const limited = inv.limitRelative > 0 && inv.limitRelative < 100;
      if (
        bright &&
        !limited &&
        inv.reachable &&
        inv.producing &&
        group > 0 &&
        expected !== null &&
        expected > 0
      ) {
        share = power / group;
        const ratio = (share / expected) * 100;
        bad = ratio < rule.percent ? true : ratio >= rule.percent + WEAK_RECOVERY_MARGIN ? false : null;
      }
      out.push({
        key: `weak_string:${inv.serial}:${channel}`,
        kind: "weak_string",
        severity: "warning",
        serial: inv.serial,
        name: inv.name,
        channel,
        stringName: inv.stringNames?.[channel] ?? "",
        bad,
        raiseAfterMs: rule.minutes * MINUTE,
        clearAfterMs: clearDelay(rule.minutes),
        facts: {
          minutes: rule.minutes,
          percent: rule.percent,
          share: Math.round(share * 1000) / 10,
          usual: Math.round((expected ?? 0) * 1000) / 10,
        },
      });
    });
  }
  return out;
}

function dtuRules(snap: SourceSnapshot, rules: AlertRules): Observation[] {
  const out: Observation[] = [];
  const dtu = (
    kind: "dtu_silent" | "radio" | "clock",
    severity: AlertSeverity,
    bad: boolean | null,
    minutes: number,
  ): void => {
    out.push({
      key: kind,
      kind,
      severity,
      serial: null,
      name: snap.dtuName,
      channel: null,
      bad,
      raiseAfterMs: minutes * MINUTE,
      clearAfterMs: clearDelay(minutes),
      facts: { minutes },
    });
  };
  const { dtu_silent, radio, clock } = rules;
  if (dtu_silent.enabled && snap.dtuReachable !== null)
    dtu("dtu_silent", "critical", !snap.dtuReachable, dtu_silent.minutes);
  // While the device does not answer its hints are old: they say nothing.
  const fresh = snap.dtuReachable !== false;
  if (radio.enabled) dtu("radio", "warning", fresh ? snap.radioProblem : null, radio.minutes);
  if (clock.enabled) dtu("clock", "warning", fresh ? snap.clockUnsynced : null, clock.minutes);
  return out;
}

/**
 * The household meter: stale or failing is not answering; answering or switched off by the owner ends an open
 * alert. No meter watched here: nothing to say.
 */
function meterSilent(snap: SourceSnapshot, rules: AlertRules): Observation[] {
  const rule = rules.meter_silent;
  if (!rule.enabled || snap.meter === undefined || snap.meter === null) return [];
  return [
    {
      key: "meter_silent",
      kind: "meter_silent",
      severity: "warning",
      serial: null,
      name: snap.dtuName,
      channel: null,
      bad: snap.meter === "stale" || snap.meter === "error",
      raiseAfterMs: rule.minutes * MINUTE,
      clearAfterMs: clearDelay(rule.minutes),
      facts: { minutes: rule.minutes },
    },
  ];
}

/**
 * Zero export (issue 32 §2), from its controller's events: paused on a limit changed by someone else (raised at once,
 * on that inverter; over on resume or when zero export is turned off), and the DTU not answering while the controller
 * is on (over once it answers, or zero export is turned off). No controller watched here: nothing to say.
 */
function zeroExportRules(snap: SourceSnapshot, rules: AlertRules): Observation[] {
  const zx = snap.zeroExport;
  if (zx === undefined || zx === null) return [];
  const out: Observation[] = [];
  const { zeroexport_paused: paused, zeroexport_unreachable: unreachable } = rules;
  if (paused.enabled) {
    const inv = snap.inverters.find((i) => i.serial === zx.pausedBy);
    out.push({
      key: "zeroexport_paused",
      kind: "zeroexport_paused",
      severity: "warning",
      serial: zx.pausedBy,
      name: inv?.name ?? zx.pausedBy ?? snap.dtuName,
      channel: null,
      bad: zx.pausedBy !== null,
      raiseAfterMs: 0,
      clearAfterMs: 0,
      facts: {},
    });
  }
  if (unreachable.enabled)
    out.push({
      key: "zeroexport_unreachable",
      kind: "zeroexport_unreachable",
      severity: "critical",
      serial: null,
      name: snap.dtuName,
      channel: null,
      bad: zx.unreachable,
      raiseAfterMs: unreachable.minutes * MINUTE,
      clearAfterMs: 0,
      facts: { minutes: unreachable.minutes },
    });
  return out;
}

function commandFailures(snap: SourceSnapshot, rules: AlertRules): Observation[] {
  if (!rules.command_failed.enabled) return [];
  // Failure alternates with Pending while the device re-sends (API.md §3.7): only Ok ends it.
  const state = (s: SourceInverter["limitStatus"]): boolean | null =>
    s === "Failure" ? true : s === "Ok" ? false : null;
  return snap.inverters.flatMap((inv) =>
    (["limit", "power"] as const).map((which) => ({
      key: `command_failed:${which}:${inv.serial}`,
      kind: "command_failed" as const,
      severity: "warning" as const,
      serial: inv.serial,
      name: inv.name,
      channel: null,
      bad: state(which === "limit" ? inv.limitStatus : inv.powerStatus),
      raiseAfterMs: 0,
      clearAfterMs: 0,
      facts: { power: which === "power" ? 1 : 0 },
    })),
  );
}

/** Every watched condition of this snapshot. */
export function observe(snap: SourceSnapshot, rules: AlertRules, usual: Usual): Observation[] {
  return [
    ...inverterSilent(snap, rules),
    ...notProducing(snap, rules),
    ...weakStrings(snap, rules, usual),
    ...dtuRules(snap, rules),
    ...meterSilent(snap, rules),
    ...zeroExportRules(snap, rules),
    ...commandFailures(snap, rules),
  ];
}
