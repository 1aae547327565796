/**
 * The device's endpoint map (API.md §2.4). The gateway registers its routes from it; the web app builds every URL
 * from it. `auth`: "none", "read" (open while allow_readonly is on), "admin" (always Basic auth).
 */
export type AuthClass = "none" | "read" | "admin";

export interface EndpointDef {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly auth: AuthClass;
}

export const endpoints = {
  liveStatus: { method: "GET", path: "/api/livedata/status", auth: "read" },
  eventlog: { method: "GET", path: "/api/eventlog/status", auth: "read" },
  devinfo: { method: "GET", path: "/api/devinfo/status", auth: "read" },
  gridprofile: { method: "GET", path: "/api/gridprofile/status", auth: "read" },
  limitStatus: { method: "GET", path: "/api/limit/status", auth: "read" },
  limitConfig: { method: "POST", path: "/api/limit/config", auth: "admin" },
  powerStatus: { method: "GET", path: "/api/power/status", auth: "read" },
  powerConfig: { method: "POST", path: "/api/power/config", auth: "admin" },
  inverterList: { method: "GET", path: "/api/inverter/list", auth: "admin" },
  inverterAdd: { method: "POST", path: "/api/inverter/add", auth: "admin" },
  inverterEdit: { method: "POST", path: "/api/inverter/edit", auth: "admin" },
  inverterDel: { method: "POST", path: "/api/inverter/del", auth: "admin" },
  inverterOrder: { method: "POST", path: "/api/inverter/order", auth: "admin" },
  dtuConfigGet: { method: "GET", path: "/api/dtu/config", auth: "admin" },
  dtuConfigPost: { method: "POST", path: "/api/dtu/config", auth: "admin" },
  deviceConfigGet: { method: "GET", path: "/api/device/config", auth: "admin" },
  deviceConfigPost: { method: "POST", path: "/api/device/config", auth: "admin" },
  configGet: { method: "GET", path: "/api/config/get", auth: "admin" },
  configList: { method: "GET", path: "/api/config/list", auth: "admin" },
  configUpload: { method: "POST", path: "/api/config/upload", auth: "admin" },
  configDelete: { method: "POST", path: "/api/config/delete", auth: "admin" },
  firmwareUpdate: { method: "POST", path: "/api/firmware/update", auth: "admin" },
  authenticate: { method: "GET", path: "/api/security/authenticate", auth: "admin" },
  securityConfigGet: { method: "GET", path: "/api/security/config", auth: "admin" },
  securityConfigPost: { method: "POST", path: "/api/security/config", auth: "admin" },
  reboot: { method: "POST", path: "/api/maintenance/reboot", auth: "admin" },
  mqttStatus: { method: "GET", path: "/api/mqtt/status", auth: "read" },
  mqttConfigGet: { method: "GET", path: "/api/mqtt/config", auth: "admin" },
  mqttConfigPost: { method: "POST", path: "/api/mqtt/config", auth: "admin" },
  networkStatus: { method: "GET", path: "/api/network/status", auth: "read" },
  networkConfigGet: { method: "GET", path: "/api/network/config", auth: "admin" },
  networkConfigPost: { method: "POST", path: "/api/network/config", auth: "admin" },
  ntpStatus: { method: "GET", path: "/api/ntp/status", auth: "read" },
  ntpConfigGet: { method: "GET", path: "/api/ntp/config", auth: "admin" },
  ntpConfigPost: { method: "POST", path: "/api/ntp/config", auth: "admin" },
  ntpTimeGet: { method: "GET", path: "/api/ntp/time", auth: "admin" },
  ntpTimePost: { method: "POST", path: "/api/ntp/time", auth: "admin" },
  systemStatus: { method: "GET", path: "/api/system/status", auth: "read" },
  prometheus: { method: "GET", path: "/api/prometheus/metrics", auth: "read" },
  zones: { method: "GET", path: "/zones.json", auth: "none" },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;

/**
 * Our extension (issue 14), served by the gateway only (types in ./history.ts). A map of its own: the device build
 * bundles `endpoints` whole, and these paths are only used by the gateway and the History chunk it serves.
 */
export const historyEndpoints = {
  info: { method: "GET", path: "/api/history/info", auth: "read" },
  power: { method: "GET", path: "/api/history/power", auth: "read" },
  energy: { method: "GET", path: "/api/history/energy", auth: "read" },
} as const satisfies Record<string, EndpointDef>;

/** The two sockets (API.md §3.2, §3.3): both use the read rule. */
export const sockets = {
  live: "/livedata",
  console: "/console",
} as const;

/**
 * Our addition, not on the device: the HttpOnly cookie with an opaque session token that the gateway and the proxy
 * set when `/api/security/authenticate` succeeds. It stands for the credentials on socket upgrades only, because a
 * browser WebSocket cannot send an Authorization header nor answer the Digest challenge (API.md §2.3, §9.4). A real
 * device never sets it; the web app neither reads nor writes it.
 */
export const SESSION_COOKIE = "dtu_session";

/**
 * Our addition: POST here drops the session of that cookie (the web app's logout). Outside `/api/` so the proxy
 * answers it itself; a real device answers its SPA index, which the web app ignores.
 */
export const LOGOUT_PATH = "/gateway/logout";

/** Paths of later firmware the web app may probe (API.md §9.17); the gateway does not serve them. */
export const laterEndpoints = {
  gridprofileRaw: "/api/gridprofile/rawdata",
  fileList: "/api/file/list",
  fileGet: "/api/file/get",
  fileUpload: "/api/file/upload",
  fileDeleteAll: "/api/file/delete_all",
  ntpZones: "/api/ntp/zones",
} as const;
