/**
 * Which files of the data folder belong to the device (API.md §3.12: config.json, pin_mapping.json and whatever the
 * owner uploads) and which are the gateway's own. The device's file API (`/api/config/list|get|upload|delete`) and
 * its file-system figures (`/api/system/status` littlefs_*) see only the device's; the gateway's own files are never
 * listed, counted, downloaded nor replaced, and the factory reset leaves them alone.
 */
import { ALERTS_FILE, HISTORY_FILE, METER_FILE, ZERO_EXPORT_FILE } from "./dataFiles.ts";

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
 * Each test gets the name as the file system would find it (`asStored`).
 */
const OWN: readonly { test: (name: string) => boolean; what: string }[] = [
  // SQLite keeps its write-ahead log and shared memory beside the database (-journal outside WAL mode).
  {
    test: (n) => ["", "-wal", "-shm", "-journal"].some((x) => n === HISTORY_FILE + x),
    what: "recorded history",
  },
  { test: (n) => n === ALERTS_FILE, what: "alert settings" },
  { test: (n) => n === METER_FILE, what: "meter settings" },
  { test: (n) => n === ZERO_EXPORT_FILE, what: "zero-export settings" },
  // A file kept aside for the owner (storage/keepAside.ts, config/store.ts): `<name>.corrupt-<time>[-wal|-shm]`.
  { test: (n) => n.includes(".corrupt-"), what: "damaged file kept aside" },
  // history.db of a newer gateway, kept untouched (storage/sqliteFile.ts): `history.db.newer-<time>[-wal|-shm]`.
  { test: (n) => n.includes(".newer-"), what: "file of a newer gateway version kept aside" },
];

/**
 * The name as a case-insensitive file system that drops trailing dots and spaces finds it (Windows, macOS by
 * default): `HISTORY.DB`, `Alerts.json` and `alerts.json.` are history.db and alerts.json there, so a data folder on
 * such a disk must not let them through as the device's files.
 */
const asStored = (name: string): string => name.replace(/[. ]+$/, "").toLowerCase();

/** What the gateway keeps in that file (e.g. "history"), or null when the name is not one of the gateway's own. */
export function gatewayFile(name: string): string | null {
  const stored = asStored(name);
  return OWN.find((own) => own.test(stored))?.what ?? null;
}

/** A file the device's file API shows, serves, counts and replaces. */
export function isDeviceFile(name: string): boolean {
  return safeFileName(name) && gatewayFile(name) === null;
}
