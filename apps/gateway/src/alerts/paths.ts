/** The alert settings' file name in the data folder; apart so that routes can refuse it without loading the engine. */
export const ALERTS_FILE = "alerts.json";
