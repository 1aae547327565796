/** Command topics and the device's payload parsing (MQTT.md §4). */

export const COMMAND_SETTINGS = [
  "limit_persistent_relative",
  "limit_persistent_absolute",
  "limit_nonpersistent_relative",
  "limit_nonpersistent_absolute",
  "power",
  "restart",
] as const;
export type CommandSetting = (typeof COMMAND_SETTINGS)[number];

/** Subscription filters for a base topic (§4). */
export function commandFilters(base: string): string[] {
  return COMMAND_SETTINGS.map((setting) => `${base}+/cmd/${setting}`);
}

export type CommandAction =
  | { kind: "limit"; serial: string; value: number; type: 0 | 1 | 256 | 257 }
  | { kind: "power"; serial: string; on: boolean }
  | { kind: "restart"; serial: string };

export type ParsedCommand = { action: CommandAction } | { ignored: string };

const LONG_MAX = 2 ** 31 - 1;
const LONG_MIN = -(2 ** 31);

/**
 * C `strtol(text, NULL, 10)` on the ESP32 (32-bit long): skips leading white space, optional sign, then the leading
 * decimal digits; no digits gives 0 and out-of-range values saturate. So `50.7` → 50 and `abc` → 0 (§4 step 3).
 */
export function strtol(text: string): number {
  const match = /^[ \t\n\v\f\r]*([+-]?)(\d*)/.exec(text);
  const digits = match?.[2] ?? "";
  if (digits === "") return 0;
  const magnitude = Number(digits.length > 12 ? "9".repeat(12) : digits);
  const signed = match?.[1] === "-" ? -magnitude : magnitude;
  return Math.min(LONG_MAX, Math.max(LONG_MIN, signed));
}

/**
 * Interpret one received message. `serialKnown` decides whether the serial names a configured inverter and returns
 * its wire spelling (the topic may differ in case or leading zeros since the device parses it as hex).
 */
export function parseCommand(
  base: string,
  topic: string,
  payload: string,
  retained: boolean,
  serialKnown: (serial: string) => string | null,
): ParsedCommand {
  if (!topic.startsWith(base)) return { ignored: "Wrong base topic" };
  const parts = topic.slice(base.length).split("/");
  const [serialText, cmd, setting] = parts;
  if (!serialText || cmd !== "cmd" || !setting) return { ignored: "Incomplete topic" };
  if (!/^[0-9a-fA-F]+$/.test(serialText)) return { ignored: "Inverter not found" };
  const serial = serialKnown(serialText);
  if (serial === null) return { ignored: "Inverter not found" };
  const value = strtol(payload);
  if (value < 0) return { ignored: "Negative value" };
  switch (setting) {
    case "limit_persistent_relative":
      // Retained persistent limits are accepted: they survive broker restarts on purpose (§4 table).
      return { action: { kind: "limit", serial, value: Math.min(100, value), type: 257 } };
    case "limit_persistent_absolute":
      return { action: { kind: "limit", serial, value, type: 256 } };
    case "limit_nonpersistent_relative":
      if (retained) return { ignored: "Ignored because retained" };
      return { action: { kind: "limit", serial, value: Math.min(100, value), type: 1 } };
    case "limit_nonpersistent_absolute":
      if (retained) return { ignored: "Ignored because retained" };
      return { action: { kind: "limit", serial, value, type: 0 } };
    case "power":
      return { action: { kind: "power", serial, on: value > 0 } };
    case "restart":
      if (retained) return { ignored: "Ignored because retained" };
      if (value !== 1) return { ignored: "Restart needs payload 1" };
      return { action: { kind: "restart", serial } };
    default:
      return { ignored: "Unknown command" };
  }
}
