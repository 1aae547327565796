/**
 * Several devices in one gateway (issue 24 §4, gateway build only): each device's app under `/d/NAME/`, the overview
 * at the gateway's top level. Where the top level is, seen from this page, and the devices' names for the switcher.
 */
import { overviewEndpoints } from "@dtu/api/endpoints";
import { devicePrefix, type OverviewDeviceNames } from "@dtu/api/overview";
import { base } from "./base";
import { getOutside } from "./http";
import { createStore, useStore } from "./store";

const DEVICE_BASE = /d\/[^/]+\/$/;

/** This page is one device of several (its base ends in `/d/NAME/`). */
export const inDevice = (b = base): boolean => DEVICE_BASE.test(b);

/** The gateway's top level: this base without its `d/NAME/` (`/d/garage/` → `/`), or the base itself at the top. */
export const topBase = (b = base): string => b.replace(DEVICE_BASE, "");

/** The address of a device's pages (`/d/garage/`), from any page of the gateway. */
export const deviceHref = (name: string, b = base): string => topBase(b) + devicePrefix(name).slice(1);

/** The device's NAME of this page, or null at the top level. */
export const thisDevice = (b = base): string | null => {
  const m = /d\/([^/]+)\/$/.exec(b);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
};

const namesStore = createStore<readonly string[]>([]);
let asked = false;

/**
 * The devices' names, asked once from the top level (`GET /api/overview/devices`, no credentials needed); empty
 * until then, and for good when it fails (the switcher then stays away).
 */
export function useDeviceNames(): readonly string[] {
  if (!asked) {
    asked = true;
    getOutside<OverviewDeviceNames>(topBase() + overviewEndpoints.names.path.slice(1)).then(
      (a) => namesStore.set(Array.isArray(a.names) ? a.names.filter((n) => typeof n === "string") : []),
      () => undefined,
    );
  }
  return useStore(namesStore);
}
