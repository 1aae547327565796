/**
 * Which files of the data folder belong to the device (API.md §3.12: config.json, pin_mapping.json and whatever the
 * owner uploads) and which are the gateway's own. The device's file API (`/api/config/list|get|upload|delete`) and
 * its file-system figures (`/api/system/status` littlefs_*) see only the device's; the gateway's own files are never
 * listed, counted, downloaded nor replaced, and the factory reset leaves them alone.
 */
import { ALERTS_FILE } from "../alerts/paths.ts";
import { HISTORY_FILE } from "../history/paths.ts";
import { METER_FILE } from "../meter/paths.ts";

/**
 * A name the device's file system takes at its root (31 characters) of letters, digits, `.`, `_` and `-`, not
 * hidden. Nothing else can break a path or the download's Content-Disposition header (issue 11).
 */
export function safeFileName(name: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,30}$/.test(name);
}

/**
 * The gateway's own files, with what each holds (the words of the refused upload's answer). Hidden files (the
 * simulation's `.fleet-state.json`, the `.…tmp` of a write under way) are never safe names, so never the device's.
 */
const OWN: readonly { test: (name: string) => boolean; what: string }[] = [
  // SQLite keeps its write-ahead log and shared memory beside the database (-journal outside WAL mode).
  {
    test: (n) => ["", "-wal", "-shm", "-journal"].some((x) => n === HISTORY_FILE + x),
    what: "recorded history",
  },
  { test: (n) => n === ALERTS_FILE, what: "alert settings" },
  { test: (n) => n === METER_FILE, what: "meter settings" },
  // A damaged file kept aside for the owner (history/keeper.ts, config/store.ts): `<name>.corrupt-<time>[-wal|-shm]`.
  { test: (n) => n.includes(".corrupt-"), what: "damaged file kept aside" },
];

/** What the gateway keeps in that file (e.g. "history"), or null when the name is not one of the gateway's own. */
export function gatewayFile(name: string): string | null {
  return OWN.find((own) => own.test(name))?.what ?? null;
}

/** A file the device's file API shows, serves, counts and replaces. */
export function isDeviceFile(name: string): boolean {
  return safeFileName(name) && gatewayFile(name) === null;
}
