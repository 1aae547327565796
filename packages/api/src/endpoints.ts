/**
 * The device's endpoint map (API.md §2.4) and the gateway's route table: one entry per method + path, with its auth
 * class and the types of its request and answer. The gateway registers one handler per entry (`defineRoutes`,
 * apps/gateway/src/routes/table.ts) and applies the auth class in one place; the web app builds every URL from it
 * and gets the answer's type from the path (`getJson(endpoints.ntpStatus.path)` is a `Promise<NtpStatus>`).
 * The valibot schema of each answer is in `schemas.ts`, kept apart so the web app bundle never pulls valibot in.
 *
 * `auth`: "none", "read" (open while allow_readonly is on), "admin" (always Basic auth).
 * To add an endpoint: an entry here (`as Get<Answer>` or `as Post<Body>`), its schema in `schemas.ts`, its handler in a gateway route file (the compiler
 * names whatever is missing).
 */
import type {
  AlertAckPost,
  AlertConfigPost,
  AlertConfigView,
  AlertList,
  AlertResult,
  AlertTestResult,
} from "./alerts.ts";
import type { ApiResult } from "./codes.ts";
import type {
  DeviceInfo,
  EventLog,
  GridProfile,
  LimitConfigRequest,
  LimitStatus,
  LiveData,
  PowerConfigRequest,
  PowerStatus,
} from "./live.ts";
import type {
  DeviceConfig,
  DtuConfig,
  InverterAddRequest,
  InverterDeleteRequest,
  InverterEntry,
  InverterList,
  InverterOrderRequest,
  MqttConfig,
  MqttStatus,
  NetworkConfig,
  NetworkStatus,
  NtpConfig,
  NtpStatus,
  NtpTime,
  NtpTimeRequest,
  SecurityConfig,
  Zones,
} from "./settings.ts";
import type { Overview, OverviewDeviceNames, OverviewEnergy } from "./overview.ts";
import type { ConfigList, SystemStatus } from "./system.ts";

export type AuthClass = "none" | "read" | "admin";

declare const answer: unique symbol;
declare const body: unique symbol;

/**
 * A path that carries, as types only, what the endpoint answers (`Res`) and what its POST `data` holds (`Req`).
 * At run time it is the plain string.
 */
export type ApiPath<Res = unknown, Req = unknown> = string & {
  readonly [answer]?: Res;
  readonly [body]?: Req;
};

export interface EndpointDef<Res = unknown, Req = unknown> {
  readonly method: "GET" | "POST";
  readonly path: ApiPath<Res, Req>;
  readonly auth: AuthClass;
}

/** An answer that is not JSON (a file, the metrics text): the handler sends it itself. */
export type NotJson = never;
/** A multipart file upload instead of a `data` field (API.md §3.12, §3.13). */
export type Multipart = never;
/** An empty object answers an unknown `inv` (API.md §3.4–§3.6). */
export type Empty = Record<string, never>;

/** A GET entry answering `Res`. Entries are plain literals cast to their typed form: no code in the web app bundle. */
type Get<Res> = EndpointDef<Res, never>;
/** A POST entry: every settings/command POST answers an ApiResult (API.md §3.0). */
type Post<Req, Res = ApiResult> = EndpointDef<Res, Req>;

export const endpoints = {
  liveStatus: { method: "GET", path: "/api/livedata/status", auth: "read" } as Get<LiveData>,
  eventlog: { method: "GET", path: "/api/eventlog/status", auth: "read" } as Get<EventLog | Empty>,
  devinfo: { method: "GET", path: "/api/devinfo/status", auth: "read" } as Get<DeviceInfo | Empty>,
  gridprofile: { method: "GET", path: "/api/gridprofile/status", auth: "read" } as Get<GridProfile | Empty>,
  limitStatus: { method: "GET", path: "/api/limit/status", auth: "read" } as Get<LimitStatus>,
  limitConfig: { method: "POST", path: "/api/limit/config", auth: "admin" } as Post<LimitConfigRequest>,
  powerStatus: { method: "GET", path: "/api/power/status", auth: "read" } as Get<PowerStatus>,
  powerConfig: { method: "POST", path: "/api/power/config", auth: "admin" } as Post<PowerConfigRequest>,
  inverterList: { method: "GET", path: "/api/inverter/list", auth: "admin" } as Get<InverterList>,
  inverterAdd: { method: "POST", path: "/api/inverter/add", auth: "admin" } as Post<InverterAddRequest>,
  inverterEdit: { method: "POST", path: "/api/inverter/edit", auth: "admin" } as Post<InverterEntry>,
  inverterDel: { method: "POST", path: "/api/inverter/del", auth: "admin" } as Post<InverterDeleteRequest>,
  inverterOrder: { method: "POST", path: "/api/inverter/order", auth: "admin" } as Post<InverterOrderRequest>,
  dtuConfigGet: { method: "GET", path: "/api/dtu/config", auth: "admin" } as Get<DtuConfig>,
  dtuConfigPost: { method: "POST", path: "/api/dtu/config", auth: "admin" } as Post<DtuConfig>,
  deviceConfigGet: { method: "GET", path: "/api/device/config", auth: "admin" } as Get<DeviceConfig>,
  deviceConfigPost: { method: "POST", path: "/api/device/config", auth: "admin" } as Post<DeviceConfig>,
  /** The file itself (`?file=`), or a JSON error answer. */
  configGet: { method: "GET", path: "/api/config/get", auth: "admin" } as Get<NotJson>,
  configList: { method: "GET", path: "/api/config/list", auth: "admin" } as Get<ConfigList>,
  /** Multipart file upload; `text/plain` OK/FAIL or an ApiResult (API.md §3.12). */
  configUpload: { method: "POST", path: "/api/config/upload", auth: "admin" } as Post<Multipart, ApiResult>,
  configDelete: { method: "POST", path: "/api/config/delete", auth: "admin" } as Post<{ delete: boolean }>,
  /** Multipart firmware upload; `text/plain` OK/FAIL (API.md §3.13). */
  firmwareUpdate: { method: "POST", path: "/api/firmware/update", auth: "admin" } as Post<Multipart, NotJson>,
  authenticate: { method: "GET", path: "/api/security/authenticate", auth: "admin" } as Get<ApiResult>,
  securityConfigGet: { method: "GET", path: "/api/security/config", auth: "admin" } as Get<SecurityConfig>,
  securityConfigPost: { method: "POST", path: "/api/security/config", auth: "admin" } as Post<SecurityConfig>,
  reboot: { method: "POST", path: "/api/maintenance/reboot", auth: "admin" } as Post<{ reboot: boolean }>,
  mqttStatus: { method: "GET", path: "/api/mqtt/status", auth: "read" } as Get<MqttStatus>,
  mqttConfigGet: { method: "GET", path: "/api/mqtt/config", auth: "admin" } as Get<MqttConfig>,
  mqttConfigPost: { method: "POST", path: "/api/mqtt/config", auth: "admin" } as Post<MqttConfig>,
  networkStatus: { method: "GET", path: "/api/network/status", auth: "read" } as Get<NetworkStatus>,
  networkConfigGet: { method: "GET", path: "/api/network/config", auth: "admin" } as Get<NetworkConfig>,
  networkConfigPost: { method: "POST", path: "/api/network/config", auth: "admin" } as Post<NetworkConfig>,
  ntpStatus: { method: "GET", path: "/api/ntp/status", auth: "read" } as Get<NtpStatus>,
  ntpConfigGet: { method: "GET", path: "/api/ntp/config", auth: "admin" } as Get<NtpConfig>,
  ntpConfigPost: { method: "POST", path: "/api/ntp/config", auth: "admin" } as Post<NtpConfig>,
  ntpTimeGet: { method: "GET", path: "/api/ntp/time", auth: "admin" } as Get<NtpTime>,
  ntpTimePost: { method: "POST", path: "/api/ntp/time", auth: "admin" } as Post<NtpTimeRequest>,
  systemStatus: { method: "GET", path: "/api/system/status", auth: "read" } as Get<SystemStatus>,
  /** Prometheus text format (API.md §3.20). */
  prometheus: { method: "GET", path: "/api/prometheus/metrics", auth: "read" } as Get<NotJson>,
  zones: { method: "GET", path: "/zones.json", auth: "none" } as Get<Zones>,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** What the endpoint answers (JSON), `never` where the answer is not JSON. */
export type ResponseOf<K extends EndpointName> =
  Endpoints[K] extends EndpointDef<infer R, infer _Q> ? R : never;
/** What the endpoint's POST `data` field holds. */
export type RequestOf<K extends EndpointName> =
  Endpoints[K] extends EndpointDef<infer _R, infer Q> ? Q : never;

/**
 * Our extension (issue 14), served by the gateway only (types in ./history.ts). A map of its own: the device build
 * bundles `endpoints` whole, and these paths are only used by the gateway and the History chunk it serves.
 */
export const historyEndpoints = {
  info: { method: "GET", path: "/api/history/info", auth: "read" },
  power: { method: "GET", path: "/api/history/power", auth: "read" },
  energy: { method: "GET", path: "/api/history/energy", auth: "read" },
  last: { method: "GET", path: "/api/history/last", auth: "read" },
  /** A consistent copy of history.db as a file download (issue 26): `history-<local date>.db`. */
  backup: { method: "GET", path: "/api/history/backup", auth: "admin" },
} as const satisfies Record<string, EndpointDef>;

/**
 * Our extension (issue 24), served at the top level of a gateway that runs several devices (types in ./overview.ts);
 * never on a device nor under a device's `/d/NAME/`. A map of its own, like `historyEndpoints`.
 */
export const overviewEndpoints = {
  overview: { method: "GET", path: "/api/overview", auth: "read" } as Get<Overview>,
  energy: { method: "GET", path: "/api/overview/energy", auth: "read" } as Get<OverviewEnergy>,
  names: { method: "GET", path: "/api/overview/devices", auth: "none" } as Get<OverviewDeviceNames>,
};

/**
 * Alerts (issue 23, types in ./alerts.ts): our extension, served by the gateway in both modes. Listed most specific
 * first: device path matching (API.md §1) would let `/api/alerts` take `/api/alerts/config` too.
 */
export const alertEndpoints = {
  configGet: { method: "GET", path: "/api/alerts/config", auth: "admin" } as Get<AlertConfigView>,
  configPost: { method: "POST", path: "/api/alerts/config", auth: "admin" } as Post<
    AlertConfigPost,
    AlertResult
  >,
  ack: { method: "POST", path: "/api/alerts/ack", auth: "admin" } as Post<AlertAckPost, AlertResult>,
  test: { method: "POST", path: "/api/alerts/test", auth: "admin" } as Post<Empty, AlertTestResult>,
  /** Server-Sent Events for open pages (the browser channel, `AlertStreamMessage` frames). */
  stream: { method: "GET", path: "/api/alerts/stream", auth: "read" } as Get<NotJson>,
  list: { method: "GET", path: "/api/alerts", auth: "read" } as Get<AlertList>,
};
export type AlertEndpointName = keyof typeof alertEndpoints;

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
