/**
 * `--device NAME=URL` (repeatable) and `DTU_DEVICES=NAME=URL,NAME=URL` (issue 24 §2): which devices one gateway
 * runs. `URL` is a device address as `--device URL` takes it (proxy/app.ts `parseDevice`) or `sim`, a simulated
 * device inside this process. A bare `--device URL` (no NAME) stays the one-device proxy of issue 8.
 */
import { parseDevice } from "../proxy/app.ts";

export interface DeviceSpec {
  /** URL-safe name: the device's pages are under `/d/NAME/`. */
  name: string;
  /** `sim`, or the device's origin. */
  target: "sim" | URL;
}

/** Names are path segments and folder names: short, lower-case letters, digits and `-`, not starting with `-`. */
const NAME = /^[a-z0-9][a-z0-9-]{0,23}$/;
/** The name given to a bare `--device URL`. */
export const DEFAULT_NAME = "dtu";

/** Throws an Error whose message the CLI prints as is. */
export function parseDeviceSpec(text: string): DeviceSpec {
  const eq = text.indexOf("=");
  // `http://host/?a=b` has a `=` after `://`: only a `=` before any `:` or `/` separates a name.
  const named = eq > 0 && !/[:/]/.test(text.slice(0, eq));
  const name = named ? text.slice(0, eq) : DEFAULT_NAME;
  const address = (named ? text.slice(eq + 1) : text).trim();
  if (!NAME.test(name)) {
    throw new Error(
      `invalid device name "${name}" in --device ${text}: use 1 to 24 lower-case letters, digits and "-" ` +
        `(not first), e.g. --device garage=http://192.168.1.50`,
    );
  }
  if (address === "") throw new Error(`--device ${text}: the address after "${name}=" is missing`);
  if (address.toLowerCase() === "sim") return { name, target: "sim" };
  try {
    return { name, target: parseDevice(address) };
  } catch (err) {
    throw new Error(`--device ${text}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Every spec, with names unique; the message names the duplicate. */
export function parseDeviceSpecs(texts: readonly string[]): DeviceSpec[] {
  const specs = texts.map(parseDeviceSpec);
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.name)) throw new Error(`device name "${spec.name}" is given twice; each needs its own`);
    seen.add(spec.name);
  }
  return specs;
}

/** `DTU_DEVICES`: comma-separated specs (empty entries ignored). */
export function devicesFromEnv(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * `--base-path /solar/`: the prefix a reverse proxy puts in front (upstream #1118), normalised to `/x/y/`. Throws on
 * anything that is not a plain path.
 */
export function parseBasePath(text: string): string {
  const trimmed = text.trim();
  const segments = trimmed.split("/").filter(Boolean);
  if (!trimmed.startsWith("/") || segments.some((s) => !/^[A-Za-z0-9._~-]+$/.test(s) || /^\.+$/.test(s))) {
    throw new Error(
      `invalid --base-path ${text}: a path such as /solar/ (letters, digits, "-", "_", "." and "~" between slashes)`,
    );
  }
  return segments.length === 0 ? "/" : `/${segments.join("/")}/`;
}
