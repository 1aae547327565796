import { type InverterEntry } from "./api";
import {
  checkChannelName,
  checkName,
  checkNonNegative,
  checkSerial,
  checkThreshold,
  type Problem,
} from "./validate";

// The edit dialog's form state (./EditModal.tsx): the entry's editable fields as typed text, their checks, and the
// entry to post.

export interface ChannelDraft {
  name: string;
  max_power: string;
  yield_total_offset: string;
}

export type Flag =
  | "poll_enable"
  | "poll_enable_night"
  | "command_enable"
  | "command_enable_night"
  | "zero_runtime"
  | "zero_day";
const FLAGS: readonly Flag[] = [
  "poll_enable",
  "poll_enable_night",
  "command_enable",
  "command_enable_night",
  "zero_runtime",
  "zero_day",
];

export interface Draft {
  serial: string;
  name: string;
  channel: ChannelDraft[];
  reachable_threshold: string;
  flags: Record<Flag, boolean>;
}

export type Errors = {
  serial?: Problem;
  name?: Problem;
  threshold?: Problem;
  channel: { name?: Problem; max_power?: Problem; yield_total_offset?: Problem }[];
};

export function toDraft(e: InverterEntry): Draft {
  return {
    serial: e.serial,
    name: e.name,
    channel: e.channel.map((c) => ({
      name: c.name,
      max_power: String(c.max_power),
      yield_total_offset: String(c.yield_total_offset),
    })),
    reachable_threshold: String(e.reachable_threshold),
    flags: Object.fromEntries(FLAGS.map((f) => [f, e[f]])) as Record<Flag, boolean>,
  };
}

/** `taken`: the serials of the other slots; the device would run two inverters on one serial (issue 11). */
export function check(d: Draft, taken: readonly string[]): Errors {
  return {
    serial: checkSerial(d.serial, taken),
    name: checkName(d.name),
    threshold: checkThreshold(d.reachable_threshold),
    channel: d.channel.map((c) => ({
      name: checkChannelName(c.name),
      max_power: checkNonNegative(c.max_power, true),
      yield_total_offset: checkNonNegative(c.yield_total_offset, false),
    })),
  };
}

/**
 * The entry to post: the list entry with only the edited fields replaced, so keys of later firmware
 * (yieldday_correction, clear_eventlog; API.md §9.9) go back as they came.
 */
export function fromDraft(entry: InverterEntry, draft: Draft): InverterEntry {
  return {
    ...entry,
    ...draft.flags,
    serial: draft.serial.trim(),
    name: draft.name,
    reachable_threshold: Number(draft.reachable_threshold),
    channel: draft.channel.map((c) => ({
      name: c.name,
      max_power: Number(c.max_power),
      yield_total_offset: Number(c.yield_total_offset),
    })),
  };
}
