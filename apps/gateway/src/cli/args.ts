/**
 * The command line and the environment, read with `node:util`'s parseArgs against the one definition of the
 * options (options.ts). Unknown options and missing values are refused with the usage; `--name=value` keeps every
 * `=` after the first in the value (`--device=garage=http://x`); a value may start with a dash (a password).
 */
import { parseArgs as parseArgv, type ParseArgsConfig } from "node:util";
import { CliError, OPTIONS, type Args, type Given, type OptionDef } from "./options.ts";
import { usageText } from "./usage.ts";

type Key = keyof typeof OPTIONS;

function fail(message: string): never {
  console.error(message);
  console.error(usageText());
  process.exit(1);
}

const entries = Object.entries(OPTIONS) as [Key, OptionDef<unknown>][];

const CONFIG: NonNullable<ParseArgsConfig["options"]> = {
  help: { type: "boolean", short: "h" },
  ...Object.fromEntries(
    entries.map(([, def]) => [def.flag, { type: def.value === undefined ? "boolean" : "string" } as const]),
  ),
};

/** Each option's command-line values in order, by flag; refuses what the definition does not know. */
function commandLine(argv: string[]): Map<string, string[]> {
  // Not strict: parseArgs would refuse a value starting with a dash; unknown options are refused below instead.
  const { tokens } = parseArgv({
    args: argv,
    options: CONFIG,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const given = new Map<string, string[]>();
  for (const token of tokens) {
    const raw = argv[token.index] ?? "";
    if (token.kind !== "option" || !(token.name in CONFIG)) fail(`unknown option: ${raw}`);
    if (token.name === "help") {
      console.log(usageText());
      process.exit(0);
    }
    const isSwitch = CONFIG[token.name]?.type === "boolean";
    if (!isSwitch && (token.value === undefined || token.value === ""))
      fail(`${token.rawName} needs a value`);
    given.set(token.name, [...(given.get(token.name) ?? []), isSwitch ? "true" : (token.value ?? "")]);
  }
  return given;
}

function givenFor(def: OptionDef<unknown>, argv: readonly string[], env: NodeJS.ProcessEnv): Given {
  const values = (def.env ?? []).map((name) => env[name]);
  return { argv, env: values, text: () => argv.at(-1) ?? values[0] ?? def.default };
}

/** The parsed options; prints what is wrong with the usage and exits 1 on bad input, the usage and 0 on --help. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Args {
  const given = commandLine(argv);
  try {
    const args = Object.fromEntries(
      entries.map(([key, def]) => [key, def.read(givenFor(def, given.get(def.flag) ?? [], env))]),
    ) as Args;
    checkTogether(args);
    return args;
  } catch (err) {
    if (err instanceof CliError || err instanceof Error) fail(err.message);
    throw err;
  }
}

/** The rules between options. */
function checkTogether(args: Args): void {
  const several = args.devices.length > 1;
  if (args.basePath !== undefined && several)
    throw new CliError("--base-path is for one device; several devices are each under /d/NAME/");
  if (args.deviceBuild && (args.devices.length > 0 || args.basePath !== undefined))
    throw new CliError(
      "--device-build serves the simulated device; it does not go with --device or --base-path",
    );
  if (args.meterPort !== undefined && (args.devices.length > 0 || args.basePath !== undefined))
    throw new CliError("--meter-port serves the one simulated device's meter; it does not go with --device");
}
