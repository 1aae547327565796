/** The meter settings' file name in the data folder; apart so that the device's file API can refuse it cheaply. */
export const METER_FILE = "meter.json";
