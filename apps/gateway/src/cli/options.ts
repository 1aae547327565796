/**
 * The gateway's command-line options, defined once: name, value form, environment variables, default, meaning and
 * how the given text becomes the value. The usage text (usage.ts) and the parsing (args.ts) are made from it, and a
 * test holds the root README's option table to it (test/cli/readme.test.ts). A new option is one entry here, a row
 * in the README table, and its use where the gateway starts.
 */
import { devicesFromEnv, parseBasePath, parseDeviceSpecs } from "../multi/specs.ts";
import { CliError, faultList, port, serialList, wholeNumber } from "./values.ts";

/** What the command line and the environment gave for one option. */
export interface Given {
  /** The command line's values in order (a switch gives "true" each time); empty when not given there. */
  argv: readonly string[];
  /** The option's environment variables' values, in the order of its `env`. */
  env: readonly (string | undefined)[];
  /** The last command-line value, else the first environment variable, else the default. */
  text(): string | undefined;
}

export interface OptionDef<T> {
  /** The long name, without the dashes. */
  flag: string;
  /** What follows the name, as the usage and the README write it; absent for a switch. */
  value?: string;
  /** Environment variables read when the command line does not give the option. */
  env?: readonly string[];
  /** The value when neither gives one, as written in the usage and the README; absent: none (a switch: off). */
  default?: string;
  /** The usage text's words (the environment variables and the default are added to it). */
  meaning: string;
  /** Makes the value; throws a CliError whose message is printed above the usage. */
  read(given: Given): T;
}

/** Local by default (SECURITY.md): nothing on the network reaches the gateway unless --host says so. */
export const DEFAULT_HOST = "127.0.0.1";

const option = <T>(def: OptionDef<T>): OptionDef<T> => def;

/** Every option, in the order the usage lists them; the keys are the parsed arguments' names. */
export const OPTIONS = {
  port: option({
    flag: "port",
    value: "N",
    env: ["PORT"],
    default: "8080",
    meaning: "HTTP port",
    read: (g) => port(Number(g.text())),
  }),
  host: option({
    flag: "host",
    value: "ADDR",
    env: ["HOST"],
    default: DEFAULT_HOST,
    meaning:
      "address to listen on: 127.0.0.1 = this computer only, 0.0.0.0 = every network this computer is on",
    read: (g) => g.text() ?? DEFAULT_HOST,
  }),
  data: option({
    flag: "data",
    value: "DIR",
    env: ["DTU_DATA_DIR"],
    default: "./data",
    meaning: "where config.json, pin_mapping.json, the fleet state and history.db live; created if missing",
    read: (g) => g.text() ?? "./data",
  }),
  console: option({
    flag: "console",
    meaning: "echo the device console (what /console sends) to stdout",
    read: (g) => g.argv.length > 0,
  }),
  devices: option({
    flag: "device",
    value: "[NAME=]URL",
    env: ["DTU_DEVICE", "DTU_DEVICES"],
    meaning:
      "URL: proxy mode, serve the web app and forward /api and the sockets to a real device at URL, e.g. " +
      "http://192.168.1.50; --console does not apply, --data holds history only. NAME=URL, repeatable " +
      "(comma-separated in DTU_DEVICES): several devices in one gateway, each under /d/NAME/ with the overview at " +
      '/api/overview; URL "sim" is a simulated device with its data in --data/NAME/; NAME: 1 to 24 lower-case ' +
      'letters, digits and "-"; a device\'s own credentials go into its URL, http://USER:PASSWORD@ADDRESS ' +
      "(percent-encoded: %40 for @, %2F for /, %2C for a comma)",
    read: (g) => {
      // The command line's devices replace the environment's.
      const [one, list] = g.env;
      const devices = g.argv.length > 0 ? [...g.argv] : one ? [one] : devicesFromEnv(list);
      parseDeviceSpecs(devices);
      return devices;
    },
  }),
  basePath: option({
    flag: "base-path",
    value: "/PREFIX/",
    env: ["DTU_BASE_PATH"],
    meaning: "serve the one device under /PREFIX/, behind a reverse proxy that keeps the prefix",
    read: (g) => {
      const text = g.text();
      return text ? parseBasePath(text) : undefined;
    },
  }),
  deviceUser: option({
    flag: "device-user",
    value: "NAME",
    env: ["DTU_DEVICE_USER"],
    default: "admin",
    meaning:
      "proxy mode: the user for recording history when the device's read-only access is off, for every " +
      "device without its own",
    read: (g) => g.text() ?? "admin",
  }),
  devicePassword: option({
    flag: "device-password",
    value: "PW",
    env: ["DTU_DEVICE_PASSWORD"],
    meaning: "proxy mode: that user's password",
    read: (g) => g.text() || undefined,
  }),
  rawDays: option({
    flag: "raw-days",
    value: "N",
    env: ["DTU_HISTORY_RAW_DAYS"],
    default: "14",
    meaning: "days of raw history samples kept",
    read: (g) => wholeNumber(Number(g.text() ?? 14), 1, 3660, "--raw-days"),
  }),
  offline: option({
    flag: "offline",
    value: "SERIAL,…",
    env: ["DTU_OFFLINE"],
    meaning:
      "simulated inverters that never answer, as if switched off at the breaker; every simulated inverter " +
      "stops answering at night anyway",
    // The environment's and the command line's lists add up.
    read: (g) => [g.env[0] ?? "", ...g.argv].flatMap(serialList),
  }),
  faults: option({
    flag: "fault",
    value: "SERIAL:STRING=FACTOR,…",
    env: ["DTU_FAULTS"],
    meaning:
      "simulated DC string STRING (1 = the first, as the screens number them) giving FACTOR (0 to 1) of its " +
      "power from now on, e.g. 116482345678:2=0.4; the recorded history stays normal",
    read: (g) => [g.env[0] ?? "", ...g.argv].flatMap(faultList),
  }),
  deviceBuild: option({
    flag: "device-build",
    meaning:
      "serve the device build (webapp_dist/, what goes on the flash) instead of the gateway build, to try " +
      "exactly those files before flashing; simulated device only; npm start builds it when missing or stale",
    read: (g) => g.argv.length > 0,
  }),
  meterPort: option({
    flag: "meter-port",
    value: "N",
    env: ["DTU_METER_PORT"],
    meaning:
      "also serve the simulated household meter on port N, answering as a Shelly Pro 3EM, a Shelly 3EM and a " +
      "Tasmota reader (src/meter/); simulated device only",
    read: (g) => {
      const text = g.text();
      return text === undefined || text === "" ? undefined : port(Number(text));
    },
  }),
};

export type Options = typeof OPTIONS;

/** The parsed command line: each option's value under its key. */
export type Args = { -readonly [K in keyof Options]: ReturnType<Options[K]["read"]> };

export { CliError };
