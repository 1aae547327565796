/**
 * The gateway's route table: every entry of the endpoint map (`@dtu/api/endpoints`) joined with its handler. Method,
 * path and auth class come from the map only; app.ts matches requests against this table (device matching, API.md
 * §1) and applies the auth class in one place.
 *
 * Adding an endpoint: add its entry to the map, then a handler under the same name in a route file's handler object.
 * `defineRoutes` only accepts exactly one handler per entry: a missing or an extra one is a type error.
 */
import type { AlertEndpointName, historyEndpoints } from "@dtu/api/endpoints";
import { endpoints, type AuthClass, type EndpointName } from "@dtu/api/endpoints";
import { inverterHandlers } from "./inverter.ts";
import { liveHandlers } from "./live.ts";
import { maintenanceHandlers } from "./maintenance.ts";
import { mqttHandlers } from "./mqtt.ts";
import { networkHandlers } from "./network.ts";
import { ntpHandlers } from "./ntp.ts";
import { settingsHandlers } from "./settings.ts";
import { systemHandlers } from "./system.ts";
import type { Handler, Handlers } from "./types.ts";

export interface RouteDef {
  /** The map entry: `endpoints` (the device's), `historyEndpoints` or `alertEndpoints` (our extensions). */
  name: EndpointName | keyof typeof historyEndpoints | AlertEndpointName;
  method: "GET" | "POST";
  path: string;
  auth: AuthClass;
  handler: Handler;
  /**
   * Our extensions' answer to a body over the server's limit (`maxBytes`), naming the field; without it the device's
   * own 1003 "Data too large!" (API.md §3.0).
   */
  tooLarge?: (maxBytes: number) => unknown;
}

/** Names a handler object has beyond the map's: each must be `never`, so an extra handler does not compile. */
type NoExtra<T> = { [K in Exclude<keyof T, EndpointName>]: never };

export function defineRoutes<T extends Handlers>(handlers: T & NoExtra<T>): RouteDef[] {
  return (Object.keys(endpoints) as EndpointName[]).map((name) => ({
    name,
    ...endpoints[name],
    handler: handlers[name] as Handler,
  }));
}

export function allRoutes(): RouteDef[] {
  return defineRoutes({
    ...liveHandlers,
    ...inverterHandlers,
    ...settingsHandlers,
    ...mqttHandlers,
    ...networkHandlers,
    ...ntpHandlers,
    ...systemHandlers,
    ...maintenanceHandlers,
  });
}

/** Device route matching: exact path or the path followed by `/...` (API.md §1). */
export function findRoute(routes: RouteDef[], method: string, path: string): RouteDef | undefined {
  return routes.find((r) => r.method === method && (path === r.path || path.startsWith(`${r.path}/`)));
}
