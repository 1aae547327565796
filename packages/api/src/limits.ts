/**
 * Limits of SEED §5/§9 (what the UI enforces) and of the firmware (API.md §3, §7; what the gateway enforces).
 * Where the two differ, both are listed: the UI keeps the seed's, the gateway answers like the firmware.
 */
export const MAX_INVERTERS = 10;
export const MAX_CHANNELS = 6;
export const DEFAULT_PASSWORD = "openDTU42";
export const ADMIN_USER = "admin";

export const uiLimits = {
  dtuSerial: { min: 1, max: 199999999999 },
  pollInterval: { min: 1, max: 86400 },
  cmtPaLevel: { min: -10, max: 20 },
  cmtFrequency: { min: 860250, max: 923500, step: 250 },
  cmtEuBand: { min: 863000, max: 870000 },
  nrfPaLevels: [
    { value: 0, key: "min", db: -18 },
    { value: 1, key: "low", db: -12 },
    { value: 2, key: "high", db: -6 },
    { value: 3, key: "max", db: 0 },
  ],
  limitRelative: { min: 2, max: 100 },
  limitAbsolute: { min: 10, maxUnknown: 2250 },
  inverterName: { max: 31 },
  channelName: { max: 31 },
  reachableThreshold: { min: 1, max: 100 },
  mqtt: {
    hostname: 128,
    port: { min: 1, max: 65535 },
    username: 64,
    password: 64,
    topic: 32,
    publishInterval: { min: 5, max: 86400 },
    cert: 2560,
    lwtTopic: 32,
    lwtValue: 20,
    hassTopic: 32,
  },
  network: { ssid: 32, password: 64, hostname: 32, ip: 32, apTimeout: { min: 0, max: 99999 } },
  ntp: { server: 32, timezone: 32, latitude: { min: -90, max: 90 }, longitude: { min: -180, max: 180 } },
  security: { password: { min: 8, max: 64 } },
  display: { contrast: { min: 0, max: 100 } },
} as const;

/** Firmware v23.11.16 server-side limits (API.md §3, §5.2 buffer sizes). */
export const deviceLimits = {
  postDataMax: 1024,
  postDataMaxLarge: 10240,
  limitValueMax: 2250,
  inverterName: 31,
  channelNameStored: 30,
  cmtFrequency: { min: 860250, max: 923500 },
  cmtPaLevel: { min: -10, max: 20 },
  nrfPaLevelMax: 3,
  mqtt: {
    hostname: 128,
    port: { min: 1, max: 65535 },
    username: 64,
    password: 64,
    topic: 32,
    cert: 2560,
    lwtTopic: 32,
    lwtValue: 20,
    publishInterval: { min: 5, max: 65535 },
    hassTopic: 32,
  },
  /** `password` is the longest accepted, `passwordStored` the buffer (one longer, §3.17); `ip` a dotted quad's text. */
  network: { hostname: 31, ssid: 32, password: 63, passwordStored: 64, ip: 15, apTimeout: 99999 },
  ntp: { server: 31, timezone: 50, timezoneDescr: 50 },
  time: { year: { min: 2022, max: 2100 } },
  security: { password: { min: 8, max: 64 } },
  pinMappingName: 63,
  firmwareMaxBytes: 1966080,
} as const;

/** SEED §9 timing constants used by the UI. */
export const timing = {
  livePingMs: 59_000,
  consolePingMs: 5_000,
  reconnectMs: 10_000,
  dataAgeTickMs: 1_000,
  absoluteTimeAfterS: 300,
  brandIconRefreshMs: 10_000,
  hashChunkBytes: 2 * 1024 * 1024,
  consoleRows: 24,
  toastDelayMs: 5000,
} as const;
