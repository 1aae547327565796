/**
 * `--device NAME=URL` (repeatable) and `DTU_DEVICES=NAME=URL,NAME=URL` (issue 24 §2): which devices one gateway
 * runs. `URL` is a device address as `--device URL` takes it (proxy/app.ts `parseDevice`) or `sim`, a simulated
 * device inside this process. A bare `--device URL` (no NAME) stays the one-device proxy of issue 8. A real
 * device's address may carry its own credentials (`http://admin:secret@192.168.1.50`): they are taken out of the
 * address here, and messages show the address with `***` in their place.
 */
import { parseDevice } from "../proxy/app.ts";

export interface DeviceCredentials {
  user: string;
  password: string;
}

export interface DeviceSpec {
  /** URL-safe name: the device's pages are under `/d/NAME/`. */
  name: string;
  /** `sim`, or the device's origin (never with credentials in it). */
  target: "sim" | URL;
  /**
   * The device's own credentials, from the address's user part (`http://admin:secret@192.168.1.50`,
   * percent-decoded); absent: `--device-user`/`--device-password` apply. Never printed.
   */
  credentials?: DeviceCredentials;
}

/** Names are path segments and folder names: short, lower-case letters, digits and `-`, not starting with `-`. */
const NAME = /^[a-z0-9][a-z0-9-]{0,23}$/;
/** The name given to a bare `--device URL`. */
export const DEFAULT_NAME = "dtu";
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The address as messages may show it: a user part (with its password) becomes `***`. Up to the last `@`, so that
 * a password with an unencoded `@` or `/` is hidden too (at worst a path is hidden with it).
 */
export function shownAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? address : `${SCHEME.exec(address)?.[0] ?? ""}***${address.slice(at)}`;
}

/** The user part of an address, percent-decoded; throws a message (without the password) for a bad one. */
function credentialsIn(address: string, shown: string): DeviceCredentials | undefined {
  let url: URL;
  try {
    url = new URL(SCHEME.test(address) ? address : `http://${address}`);
  } catch {
    return undefined; // parseDevice says what is wrong with the address.
  }
  const how = `write it as http://USER:PASSWORD@${url.host}, e.g. http://admin:secret@${url.host}`;
  if (url.username === "" && url.password === "") {
    if (!address.includes("@")) return undefined;
    // `http://admin:12/x@host` parses as host "admin", port 12: a password's `/` ended the address early.
    throw new Error(
      `--device ${shown}: the "@" does not end a user part; in a user or password write / ? # @ as ` +
        `%2F %3F %23 %40`,
    );
  }
  if (url.username === "")
    throw new Error(`--device ${shown}: the address has a password but no user; ${how}`);
  if (url.password === "")
    throw new Error(`--device ${shown}: the address has a user but no password; ${how}`);
  try {
    return { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  } catch {
    throw new Error(
      `--device ${shown}: the user or password has a "%" that is not followed by two hex digits ` +
        `(write "%" itself as %25)`,
    );
  }
}

/** Throws an Error whose message the CLI prints as is (never with a password in it). */
export function parseDeviceSpec(text: string): DeviceSpec {
  const eq = text.indexOf("=");
  // `http://host/?a=b` has a `=` after `://`: only a `=` before any `:` or `/` separates a name.
  const named = eq > 0 && !/[:/]/.test(text.slice(0, eq));
  const name = named ? text.slice(0, eq) : DEFAULT_NAME;
  const address = (named ? text.slice(eq + 1) : text).trim();
  const shown = named ? `${name}=${shownAddress(address)}` : shownAddress(address);
  if (!NAME.test(name)) {
    throw new Error(
      `invalid device name "${name}" in --device ${shown}: use 1 to 24 lower-case letters, digits and "-" ` +
        `(not first), e.g. --device garage=http://192.168.1.50`,
    );
  }
  if (address === "") throw new Error(`--device ${shown}: the address after "${name}=" is missing`);
  if (address.toLowerCase() === "sim") return { name, target: "sim" };
  if (/^[^/]*@sim$/i.test(address)) {
    throw new Error(
      `--device ${shown}: a simulated device takes no user or password in its address; ` +
        `it has its own admin password (its Settings > Security)`,
    );
  }
  const credentials = credentialsIn(address, shown);
  try {
    return { name, target: parseDevice(address), ...(credentials ? { credentials } : {}) };
  } catch (err) {
    throw new Error(`--device ${shown}: ${err instanceof Error ? err.message : String(err)}`);
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
