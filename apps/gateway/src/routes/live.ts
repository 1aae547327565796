/** Live data and the per-inverter read/command endpoints (API.md §3.1, §3.4–§3.8), delegating to the fleet. */
import { DEFAULT_PASSWORD, deviceLimits } from "@dtu/api/limits";
import type { LiveData } from "@dtu/api/live";
import type { Gateway } from "../device/gateway.ts";
import { asBool, asInt, serialFromHexText, serialIsZero, serialToWire } from "../wire/coerce.ts";
import { result } from "../http/result.ts";
import { has, postHandler, type Handlers } from "./types.ts";

/** The live document with the hints the web server knows best (API.md §3.1 hints). */
export function liveDocument(gw: Gateway): LiveData {
  const doc = gw.fleet.liveData();
  doc.hints = {
    ...doc.hints,
    time_sync: !gw.clock.synced(),
    default_password: gw.config.security.password === DEFAULT_PASSWORD,
  };
  return doc;
}

/** `inv` query parameter, parsed as hex, back to the canonical wire form; null when missing. */
function invParam(query: URLSearchParams): string | null {
  const inv = query.get("inv");
  if (inv === null) return null;
  return serialToWire(serialFromHexText(inv));
}

export const liveHandlers = {
  liveStatus: ({ gw }) => liveDocument(gw),
  eventlog: ({ gw, query }) => {
    const inv = invParam(query);
    return (inv && gw.fleet.eventLog(inv, (query.get("locale") ?? "").toLowerCase())) ?? {};
  },
  devinfo: ({ gw, query }) => {
    const inv = invParam(query);
    return (inv && gw.fleet.deviceInfo(inv)) ?? {};
  },
  gridprofile: ({ gw, query }) => {
    const inv = invParam(query);
    return (inv && gw.fleet.gridProfile(inv)) ?? {};
  },
  limitStatus: ({ gw }) => gw.fleet.limitStatus(),
  limitConfig: postHandler(
    { required: (r) => has(r, "serial", "limit_value", "limit_type") },
    (root, { gw }) => {
      if (serialIsZero(root.serial)) return result(5001);
      const value = asInt(root.limit_value, "uint16");
      if (value === 0 || value > deviceLimits.limitValueMax) {
        return result(5002, { max: deviceLimits.limitValueMax });
      }
      const type = asInt(root.limit_type, "uint16");
      if (![0, 1, 256, 257].includes(type)) return result(5003);
      const serial = serialToWire(serialFromHexText(root.serial));
      if (!gw.fleet.has(serial)) return result(5004);
      gw.log(`Limit command: ${serial} ${value} type ${type}`);
      gw.fleet.setLimit(serial, value, type);
      return result(1001);
    },
  ),
  powerStatus: ({ gw }) => gw.fleet.powerStatus(),
  powerConfig: postHandler(
    { required: (r) => has(r, "serial") && (has(r, "power") || has(r, "restart")) },
    (root, { gw }) => {
      if (serialIsZero(root.serial)) return result(11001);
      const serial = serialToWire(serialFromHexText(root.serial));
      if (!gw.fleet.has(serial)) return result(11002);
      if (has(root, "power")) {
        const on = asBool(root.power);
        gw.log(`Power command: ${serial} ${on ? "on" : "off"}`);
        gw.fleet.setPower(serial, on);
      } else if (asBool(root.restart)) {
        gw.log(`Restart command: ${serial}`);
        gw.fleet.restart(serial);
      }
      return result(1001);
    },
  ),
} satisfies Partial<Handlers>;
