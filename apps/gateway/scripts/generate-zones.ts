/**
 * Generates src/generated/zones.json: IANA zone name → POSIX TZ rule, the table behind `/zones.json` and the time
 * zone dropdown (issue 2 §3, SEED: "a static map of description to rule"). Nothing is typed by hand:
 *
 * - zone names and letter abbreviations come from @vvo/tzdb (the IANA database, maintained);
 * - offsets and this year's daylight-saving transitions come from Node's ICU time zone data (Intl);
 * - each transition is expressed as `Mm.w.d/time`, and every candidate rule is checked against ICU for the next
 *   several years with our own POSIX evaluator, so a rule that would drift (e.g. "Friday before the last Sunday")
 *   is replaced by an equivalent that holds (`M3.4.4/26`, as tzdata writes it).
 *
 * The zone NAMES are exactly those of the firmware v23.11.16 table (firmware-zone-names.json, a list of names only),
 * so a zone saved on a real device is always in the dropdown; the rules are ours, from current tz data (newer than
 * the firmware's 2023 table where countries changed their rules since; test/time/zones.test.ts lists those).
 *
 * Run: `npm run zones -w @dtu/gateway`. The output is sorted by name and committed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rawTimeZones } from "@vvo/tzdb";
import { parsePosixTz, transitionsOf } from "../src/time/posixTz.ts";

const HOUR = 3600;
const DAY = 86400;
const YEAR = new Date().getUTCFullYear();
/** Years a rule must reproduce exactly. */
const CHECK_YEARS = 6;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Seconds east of UTC in `zone` at the Unix second `t`, from ICU. */
function icuOffset(zone: string, t: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    formatters.set(zone, f);
  }
  const part = f.formatToParts(new Date(t * 1000)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(part);
  if (!m) return 0;
  const v = Number(m[2]) * HOUR + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return m[1] === "-" ? -v : v;
}

interface Change {
  at: number;
  from: number;
  to: number;
}

/** Offset changes of a zone within a calendar year (UTC), found by daily sampling and bisection to the second. */
function changesIn(zone: string, year: number): Change[] {
  const out: Change[] = [];
  const start = Date.UTC(year, 0, 1) / 1000;
  const end = Date.UTC(year + 1, 0, 1) / 1000;
  let t = start;
  let off = icuOffset(zone, t);
  while (t < end) {
    const next = Math.min(t + DAY, end);
    const nextOff = icuOffset(zone, next);
    if (nextOff !== off) {
      let lo = t;
      let hi = next;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (icuOffset(zone, mid) === off) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: off, to: nextOff });
    }
    t = next;
    off = nextOff;
  }
  return out;
}

/** POSIX offset text: west of UTC, hours with optional minutes. */
function posixOffset(eastSeconds: number): string {
  const west = -eastSeconds;
  const sign = west < 0 ? "-" : "";
  const abs = Math.abs(west);
  const h = Math.floor(abs / HOUR);
  const m = Math.floor((abs % HOUR) / 60);
  return `${sign}${h}${m ? `:${String(m).padStart(2, "0")}` : ""}`;
}

/** `<+03>` / `<+0545>` / `<-0330>` for zones without a letters abbreviation (tzdata's convention). */
function numericName(eastSeconds: number): string {
  const sign = eastSeconds < 0 ? "-" : "+";
  const abs = Math.abs(eastSeconds);
  const h = String(Math.floor(abs / HOUR)).padStart(2, "0");
  const m = Math.floor((abs % HOUR) / 60);
  return `<${sign}${h}${m ? String(m).padStart(2, "0") : ""}>`;
}

/** A letters abbreviation for that offset, if the IANA data or ICU has one. */
function abbreviation(zone: string, eastSeconds: number, tzdbName: string | undefined, at: number): string {
  const letters = (s: string | undefined): s is string => s !== undefined && /^[A-Za-z]{3,}$/.test(s);
  if (letters(tzdbName)) return tzdbName;
  for (const locale of ["en-US", "en-GB", "en-AU", "en-IN", "en-NZ", "en-CA", "en-IE"]) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(new Date(at * 1000))
      .find((p) => p.type === "timeZoneName")?.value;
    // ICU writes "GMT" / "UTC" for zero offsets only; "GMT+1" style names are not abbreviations.
    if (letters(name) && ((name !== "GMT" && name !== "UTC") || eastSeconds === 0)) return name;
  }
  return numericName(eastSeconds);
}

/** Mm.w.d/time candidates for a local transition moment (seconds since the local year's start as UTC). */
function candidates(localMs: number): string[] {
  const d = new Date(localMs);
  const secondsOfDay = d.getUTCHours() * HOUR + d.getUTCMinutes() * 60 + d.getUTCSeconds();
  const out: string[] = [];
  // The same moment expressed from the day itself or from up to two days before/after (time ± 24 h each).
  for (const shift of [0, -1, 1, -2, 2]) {
    const day = new Date(localMs - shift * DAY * 1000);
    const month = day.getUTCMonth() + 1;
    const mday = day.getUTCDate();
    const weekday = day.getUTCDay();
    const daysInMonth = new Date(Date.UTC(day.getUTCFullYear(), month, 0)).getUTCDate();
    const weeks = new Set<number>();
    if (mday + 7 > daysInMonth) weeks.add(5);
    weeks.add(Math.ceil(mday / 7));
    const time = secondsOfDay + shift * DAY;
    const timeText = time === 2 * HOUR ? "" : `/${formatTime(time)}`;
    for (const w of weeks) out.push(`M${month}.${w}.${weekday}${timeText}`);
  }
  return out;
}

function formatTime(seconds: number): string {
  const sign = seconds < 0 ? "-" : "";
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / HOUR);
  const m = Math.floor((abs % HOUR) / 60);
  const s = abs % 60;
  return `${sign}${h}${m || s ? `:${String(m).padStart(2, "0")}` : ""}${s ? `:${String(s).padStart(2, "0")}` : ""}`;
}

/** Does the rule reproduce ICU's transitions for the check years? */
function holds(rule: string, expected: Map<number, Change[]>): boolean {
  const tz = parsePosixTz(rule);
  for (const [year, changes] of expected) {
    const t = transitionsOf(tz, year);
    if (!t || changes.length !== 2) return false;
    const starts = changes.filter((c) => c.to > c.from).map((c) => c.at);
    const ends = changes.filter((c) => c.to < c.from).map((c) => c.at);
    if (starts[0] !== t.start || ends[0] !== t.end) return false;
  }
  return true;
}

interface Main {
  abbreviation?: string;
  dstAbbreviation?: string;
}

function ruleFor(zone: string, main: Main | undefined): { rule: string; exact: boolean } {
  const years = new Map<number, Change[]>();
  for (let y = YEAR; y < YEAR + CHECK_YEARS; y++) years.set(y, changesIn(zone, y));
  const now = years.get(YEAR) ?? [];
  const mid = Date.UTC(YEAR, 0, 15) / 1000;
  if (now.length === 0) {
    const off = icuOffset(zone, mid);
    return { rule: `${abbreviation(zone, off, main?.abbreviation, mid)}${posixOffset(off)}`, exact: true };
  }
  const regular = [...years.values()].every((c) => c.length === 2);
  const sorted = [...now].sort((a, b) => a.at - b.at);
  const first = sorted[0] as Change;
  if (!regular || now.length !== 2) {
    // Irregular zones (e.g. a Ramadan break): the offset that holds most of the year, without DST.
    const off = first.from;
    return {
      rule: `${abbreviation(zone, off, main?.abbreviation, first.at - DAY)}${posixOffset(off)}`,
      exact: false,
    };
  }
  const startChange = now.find((c) => c.to > c.from) as Change;
  const endChange = now.find((c) => c.to < c.from) as Change;
  const std = startChange.from;
  const dst = startChange.to;
  const stdName = abbreviation(zone, std, main?.abbreviation, startChange.at - DAY);
  const dstName = abbreviation(zone, dst, main?.dstAbbreviation, startChange.at + DAY);
  const head = `${stdName}${posixOffset(std)}${dstName}${dst - std === HOUR ? "" : posixOffset(dst)}`;
  // Start is given in standard local time, end in daylight local time (POSIX).
  for (const s of candidates((startChange.at + std) * 1000)) {
    for (const e of candidates((endChange.at + dst) * 1000)) {
      const rule = `${head},${s},${e}`;
      if (holds(rule, years)) return { rule, exact: true };
    }
  }
  return { rule: `${stdName}${posixOffset(std)}`, exact: false };
}

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const wanted = JSON.parse(readFileSync(join(here, "firmware-zone-names.json"), "utf8")) as string[];
  const mains = new Map<string, Main>();
  for (const z of rawTimeZones) {
    for (const name of z.group) if (!mains.has(name)) mains.set(name, z);
  }
  // Names tzdb does not group (Etc/*) get no main zone: ICU alone names their abbreviation.
  const names = new Map<string, Main>(wanted.map((name) => [name, mains.get(name) ?? {}]));
  const table: Record<string, string> = {};
  const inexact: string[] = [];
  for (const name of [...names.keys()].sort()) {
    const z = names.get(name);
    // Aliases share the main zone's abbreviations only when their standard offset agrees (checked in abbreviation
    // lookups below by passing undefined otherwise).
    const mainOffset = (z as { rawOffsetInMinutes?: number } | undefined)?.rawOffsetInMinutes;
    const own = icuOffset(name, Date.UTC(YEAR, 0, 15) / 1000);
    const jul = icuOffset(name, Date.UTC(YEAR, 6, 15) / 1000);
    const agrees = mainOffset === undefined || mainOffset * 60 === Math.min(own, jul);
    let result: { rule: string; exact: boolean };
    try {
      result = ruleFor(name, agrees ? z : undefined);
    } catch (err) {
      console.error(`skipped ${name}: ${(err as Error).message}`);
      continue;
    }
    parsePosixTz(result.rule);
    table[name] = result.rule;
    if (!result.exact) inexact.push(`${name} → ${result.rule}`);
  }
  const out = join(here, "..", "src", "generated", "zones.json");
  writeFileSync(out, JSON.stringify(table, null, 2) + "\n");
  console.log(`${Object.keys(table).length} zones written to ${out}`);
  if (inexact.length) console.log(`approximated (irregular DST):\n  ${inexact.join("\n  ")}`);
}

main();
