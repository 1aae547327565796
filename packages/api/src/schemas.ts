/**
 * The answer schema of every endpoint of the map (endpoints.ts), for tests and for anything that validates answers at
 * run time. Kept apart from endpoints.ts so importing the map never pulls valibot into the web app bundle. The
 * `satisfies` clause checks, per endpoint, that the schema's output is the type the map states (and that no endpoint
 * is missing); `null` marks an answer that is not JSON.
 */
import * as v from "valibot";
import type {
  AlertEndpointName,
  EndpointDef,
  EndpointName,
  ResponseOf,
  overviewEndpoints,
} from "./endpoints.ts";
import {
  AlertConfigViewSchema,
  AlertListSchema,
  AlertResultSchema,
  AlertTestResultSchema,
} from "./alertSchemas.ts";
import {
  DeviceInfo,
  EmptyObject,
  EventLog,
  GridProfile,
  LimitStatus,
  LiveData,
  PowerStatus,
} from "./live.ts";
import {
  DeviceConfig,
  DtuConfig,
  InverterList,
  MqttConfig,
  MqttStatus,
  NetworkConfig,
  NetworkStatus,
  NtpConfig,
  NtpStatus,
  NtpTime,
  SecurityConfig,
  Zones,
} from "./settings.ts";
import { Overview, OverviewDeviceNames, OverviewEnergy } from "./overview.ts";
import { ApiResultSchema, ConfigList, SystemStatus } from "./system.ts";

type SchemaOf<K extends EndpointName> = [ResponseOf<K>] extends [never]
  ? null
  : v.GenericSchema<unknown, ResponseOf<K>>;

type ResponseOfDef<E> = E extends EndpointDef<infer R, infer _Q> ? R : never;

const orEmpty = <T extends v.GenericSchema>(schema: T) => v.union([schema, EmptyObject]);

export const responseSchemas = {
  liveStatus: LiveData,
  eventlog: orEmpty(EventLog),
  devinfo: orEmpty(DeviceInfo),
  gridprofile: orEmpty(GridProfile),
  limitStatus: LimitStatus,
  limitConfig: ApiResultSchema,
  powerStatus: PowerStatus,
  powerConfig: ApiResultSchema,
  inverterList: InverterList,
  inverterAdd: ApiResultSchema,
  inverterEdit: ApiResultSchema,
  inverterDel: ApiResultSchema,
  inverterOrder: ApiResultSchema,
  dtuConfigGet: DtuConfig,
  dtuConfigPost: ApiResultSchema,
  deviceConfigGet: DeviceConfig,
  deviceConfigPost: ApiResultSchema,
  configGet: null,
  configList: ConfigList,
  configUpload: ApiResultSchema,
  configDelete: ApiResultSchema,
  firmwareUpdate: null,
  authenticate: ApiResultSchema,
  securityConfigGet: SecurityConfig,
  securityConfigPost: ApiResultSchema,
  reboot: ApiResultSchema,
  mqttStatus: MqttStatus,
  mqttConfigGet: MqttConfig,
  mqttConfigPost: ApiResultSchema,
  networkStatus: NetworkStatus,
  networkConfigGet: NetworkConfig,
  networkConfigPost: ApiResultSchema,
  ntpStatus: NtpStatus,
  ntpConfigGet: NtpConfig,
  ntpConfigPost: ApiResultSchema,
  ntpTimeGet: NtpTime,
  ntpTimePost: ApiResultSchema,
  systemStatus: SystemStatus,
  prometheus: null,
  zones: Zones,
} satisfies { [K in EndpointName]: SchemaOf<K> };

/** The answer schema of the several-device overview (endpoints.ts `overviewEndpoints`). */
export const overviewSchemas = {
  overview: Overview,
  energy: OverviewEnergy,
  names: OverviewDeviceNames,
} satisfies {
  [K in keyof typeof overviewEndpoints]: v.GenericSchema<
    unknown,
    ResponseOfDef<(typeof overviewEndpoints)[K]>
  >;
};

/** The answers of the alert endpoints (our extension, issue 23). */
export const alertResponseSchemas = {
  configGet: AlertConfigViewSchema,
  configPost: AlertResultSchema,
  ack: AlertResultSchema,
  test: AlertTestResultSchema,
  stream: null,
  list: AlertListSchema,
} satisfies { [K in AlertEndpointName]: v.GenericSchema<unknown, unknown> | null };
