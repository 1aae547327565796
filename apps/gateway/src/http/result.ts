/**
 * POST result objects (API.md §3.0): HTTP 200, key order type, message, code, param. The English messages are the
 * device's informational texts; the web app translates by code.
 */
import { ResultCode } from "@dtu/api/codes";

export interface Result {
  type: "success" | "warning";
  message: string;
  code?: number;
  param?: { min?: number; max?: number };
}

const MESSAGES: Record<number, string> = {
  1001: "Settings saved!",
  1002: "No values found!",
  1003: "Data too large!",
  1004: "Failed to parse data!",
  1005: "Values are missing!",
  1006: "Write failed!",
  2001: "Serial cannot be zero!",
  2002: "Poll interval must be greater zero!",
  2003: "Invalid power level setting!",
  2004: "Invalid CMT frequency setting!",
  3001: "Not deleted anything!",
  3002: "Configuration resettet. Rebooting now...",
  4001: "Serial must be a number > 0!",
  4002: "Name must between 1 and 31 characters long!",
  4003: "Only 10 inverters are supported!",
  4004: "Inverter created!",
  4005: "Invalid ID specified!",
  4006: "Invalid amount of max channel setting given!",
  4007: "Inverter changed!",
  4008: "Inverter deleted!",
  4009: "Inverter order saved!",
  5001: "Serial must be a number > 0!",
  5002: "Limit must between 1 and 2250!",
  5003: "Invalid type specified!",
  5004: "Invalid inverter specified!",
  6001: "Reboot triggered!",
  6002: "Reboot cancled!",
  7001: "MqTT Server must between 1 and 128 characters long!",
  7002: "Username must not be longer than 64 characters!",
  7003: "Password must not be longer than 64 characters!",
  7004: "Topic must not be longer than 32 characters!",
  7005: "Topic must not contain space characters!",
  7006: "Topic must end with a slash (/)!",
  7007: "Port must be a number between 1 and 65535!",
  7008: "Certificates must not be longer than 2560 characters!",
  7009: "LWT topic must not be longer than 32 characters!",
  7010: "LWT topic must not contain space characters!",
  7011: "LWT online value must not be longer than 20 characters!",
  7012: "LWT offline value must not be longer than 20 characters!",
  7013: "Publish interval must be a number between 5 and 65535!",
  7014: "Hass topic must not be longer than 32 characters!",
  7015: "Hass topic must not contain space characters!",
  8001: "IP address is invalid!",
  8002: "Netmask is invalid!",
  8003: "Gateway is invalid!",
  8004: "DNS Server IP 1 is invalid!",
  8005: "DNS Server IP 2 is invalid!",
  8006: "ApTimeout must be a number between 0 and 99999!",
  9001: "NTP Server must between 1 and 31 characters long!",
  9002: "Timezone must between 1 and 50 characters long!",
  9003: "Timezone description must between 1 and 50 characters long!",
  9004: "Year must be a number between 2022 and 2100!",
  9005: "Month must be a number between 1 and 12!",
  9006: "Day must be a number between 1 and 31!",
  9007: "Hour must be a number between 0 and 23!",
  9008: "Minute must be a number between 0 and 59!",
  9009: "Second must be a number between 0 and 59!",
  9010: "Time updated!",
  10001: "Password must between 8 and 64 characters long!",
  10002: "Authentication successful!",
  11001: "Serial must be a number > 0!",
  11002: "Invalid inverter specified!",
  12001: "Pin mapping must between 1 and 63 characters long!",
};

const SUCCESS = new Set<number>([
  ResultCode.SettingsSaved,
  ResultCode.ConfigResetRebooting,
  ResultCode.InverterCreated,
  ResultCode.InverterChanged,
  ResultCode.InverterDeleted,
  ResultCode.InverterOrderSaved,
  ResultCode.RebootTriggered,
  ResultCode.NtpTimeUpdated,
  ResultCode.SecurityAuthSuccess,
]);

export function messageFor(code: number): string {
  return MESSAGES[code] ?? "";
}

/** A coded result; `type` follows the code (API.md §6). */
export function result(code: number, param?: { min?: number; max?: number }): Result {
  const r: Result = { type: SUCCESS.has(code) ? "success" : "warning", message: messageFor(code), code };
  if (param) r.param = param;
  return r;
}

/** The three network warnings without a code (API.md §3.17). */
export function codelessWarning(message: string): Result {
  return { type: "warning", message };
}
