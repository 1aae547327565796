/** The history's file name in the data folder; apart so that the device's file API can keep off it without loading the database. */
export const HISTORY_FILE = "history.db";
