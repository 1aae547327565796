/**
 * Where the gateway finds its files by default, for both modes: the simulated device (app.ts) and the proxy in
 * front of a real one (proxy/app.ts). A module of its own, so that proxy mode does not load the simulated device.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

export const REPO_ROOT = resolve(here, "../../../..");

/** The gateway build of the web app (`npm run build`; a device build in webapp_dist works too). */
export const DEFAULT_WEB_ROOT = join(REPO_ROOT, "gateway_dist");

/** The zone table served at /zones.json, generated from the firmware's (time/README.md). */
export const DEFAULT_ZONES_FILE = join(here, "..", "generated", "zones.json");
