/**
 * The names of the gateway's own files in a device's data folder, in one place: the feature that keeps a file reads
 * its name here, and the device's file API (./deviceFiles.ts) keeps off them without loading the feature.
 */

/** The recorded history (history/index.ts), with SQLite's `-wal`, `-shm` and `-journal` beside it. */
export const HISTORY_FILE = "history.db";

/** The alert settings (alerts/config.ts); the alerts themselves are kept in history.db. */
export const ALERTS_FILE = "alerts.json";

/** The household meter's settings (meter/settings.ts). */
export const METER_FILE = "meter.json";

/** The zero-export controller's settings (zeroexport/config.ts). */
export const ZERO_EXPORT_FILE = "zeroexport.json";
