/**
 * The device's endpoint map (API.md §2.4) and the gateway's route table: one entry per method + path, with its auth
 * class and the types of its request and answer. The gateway registers one handler per entry (`defineRoutes`,
 * apps/gateway/src/routes/table.ts) and applies the auth class in one place; the web app builds every URL from it
 * and gets the answer's type from the path (`getJson(endpoints.ntpStatus.path)` is a `Promise<NtpStatus>`).
 * The valibot schema of each answer is in `schemas.ts`, kept apart so the web app bundle never pulls valibot in.
 *
 * `auth`: "none", "read" (open while allow_readonly is on), "admin" (always Basic auth).
 * To add an endpoint: an entry here, its schema in `schemas.ts`, its handler in a gateway route file (the compiler
 * names whatever is missing).
 */
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

const get = <Res>(path: string, auth: AuthClass): EndpointDef<Res, never> => ({ method: "GET", path, auth });
/** Every settings/command POST answers an ApiResult (API.md §3.0) and needs admin auth. */
const post = <Req, Res = ApiResult>(path: string, auth: AuthClass = "admin"): EndpointDef<Res, Req> => ({
  method: "POST",
  path,
  auth,
});

export const endpoints = {
  liveStatus: get<LiveData>("/api/livedata/status", "read"),
  eventlog: get<EventLog | Empty>("/api/eventlog/status", "read"),
  devinfo: get<DeviceInfo | Empty>("/api/devinfo/status", "read"),
  gridprofile: get<GridProfile | Empty>("/api/gridprofile/status", "read"),
  limitStatus: get<LimitStatus>("/api/limit/status", "read"),
  limitConfig: post<LimitConfigRequest>("/api/limit/config"),
  powerStatus: get<PowerStatus>("/api/power/status", "read"),
  powerConfig: post<PowerConfigRequest>("/api/power/config"),
  inverterList: get<InverterList>("/api/inverter/list", "admin"),
  inverterAdd: post<InverterAddRequest>("/api/inverter/add"),
  inverterEdit: post<InverterEntry>("/api/inverter/edit"),
  inverterDel: post<InverterDeleteRequest>("/api/inverter/del"),
  inverterOrder: post<InverterOrderRequest>("/api/inverter/order"),
  dtuConfigGet: get<DtuConfig>("/api/dtu/config", "admin"),
  dtuConfigPost: post<DtuConfig>("/api/dtu/config"),
  deviceConfigGet: get<DeviceConfig>("/api/device/config", "admin"),
  deviceConfigPost: post<DeviceConfig>("/api/device/config"),
  /** The file itself (`?file=`), or a JSON error answer. */
  configGet: get<NotJson>("/api/config/get", "admin"),
  configList: get<ConfigList>("/api/config/list", "admin"),
  /** Multipart file upload; `text/plain` OK/FAIL or an ApiResult (API.md §3.12). */
  configUpload: post<Multipart, ApiResult>("/api/config/upload"),
  configDelete: post<{ delete: boolean }>("/api/config/delete"),
  /** Multipart firmware upload; `text/plain` OK/FAIL (API.md §3.13). */
  firmwareUpdate: post<Multipart, NotJson>("/api/firmware/update"),
  authenticate: get<ApiResult>("/api/security/authenticate", "admin"),
  securityConfigGet: get<SecurityConfig>("/api/security/config", "admin"),
  securityConfigPost: post<SecurityConfig>("/api/security/config"),
  reboot: post<{ reboot: boolean }>("/api/maintenance/reboot"),
  mqttStatus: get<MqttStatus>("/api/mqtt/status", "read"),
  mqttConfigGet: get<MqttConfig>("/api/mqtt/config", "admin"),
  mqttConfigPost: post<MqttConfig>("/api/mqtt/config"),
  networkStatus: get<NetworkStatus>("/api/network/status", "read"),
  networkConfigGet: get<NetworkConfig>("/api/network/config", "admin"),
  networkConfigPost: post<NetworkConfig>("/api/network/config"),
  ntpStatus: get<NtpStatus>("/api/ntp/status", "read"),
  ntpConfigGet: get<NtpConfig>("/api/ntp/config", "admin"),
  ntpConfigPost: post<NtpConfig>("/api/ntp/config"),
  ntpTimeGet: get<NtpTime>("/api/ntp/time", "admin"),
  ntpTimePost: post<NtpTimeRequest>("/api/ntp/time"),
  systemStatus: get<SystemStatus>("/api/system/status", "read"),
  /** Prometheus text format (API.md §3.20). */
  prometheus: get<NotJson>("/api/prometheus/metrics", "read"),
  zones: get<Zones>("/zones.json", "none"),
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** What the endpoint answers (JSON), `never` where the answer is not JSON. */
export type ResponseOf<K extends EndpointName> =
  Endpoints[K] extends EndpointDef<infer R, infer _Q> ? R : never;
/** What the endpoint's POST `data` field holds. */
export type RequestOf<K extends EndpointName> =
  Endpoints[K] extends EndpointDef<infer _R, infer Q> ? Q : never;

/** The two sockets (API.md §3.2, §3.3): both use the read rule. */
export const sockets = {
  live: "/livedata",
  console: "/console",
} as const;

/**
 * Our addition, not on the device: the cookie in which the web app keeps its Basic credentials (base64 of
 * `admin:password`) so socket upgrades can be authorised. A browser WebSocket cannot send an Authorization header
 * nor answer the Digest challenge (API.md §2.3, §9.4); the proxy turns the cookie into `Authorization: Basic` towards
 * the device and the gateway accepts it on its own sockets. A real device ignores it.
 */
export const AUTH_COOKIE = "dtu_auth";

/** Paths of later firmware the web app may probe (API.md §9.17); the gateway does not serve them. */
export const laterEndpoints = {
  gridprofileRaw: "/api/gridprofile/rawdata",
  fileList: "/api/file/list",
  fileGet: "/api/file/get",
  fileUpload: "/api/file/upload",
  fileDeleteAll: "/api/file/delete_all",
  ntpZones: "/api/ntp/zones",
} as const;
