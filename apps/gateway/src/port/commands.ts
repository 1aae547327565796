/**
 * What both implementations share about commands (./contract.ts `CommandOutcome`): the device's answers in its own
 * terms (API.md §3.0) and the reading of an acknowledgement from a limit/power status (API.md §3.7, §3.8).
 */
import type { CommandStatus, LimitStatus, PowerStatus } from "@dtu/api/live";
import type { CommandOutcome, DeviceAnswer } from "./contract.ts";

/** How long a command's acknowledgement is waited for before `timeout` (the firmware re-sends for about this long). */
export const ACK_WAIT_MS = 30_000;

/** The device's informational texts of the answers a command gets (API.md §3.0). */
const TEXTS: Record<number, string> = {
  1001: "Settings saved!",
  5002: "Limit must between 1 and 2250!",
  5003: "Invalid type specified!",
  5004: "Invalid inverter specified!",
  11002: "Invalid inverter specified!",
};

export const answer = (code: number, type: DeviceAnswer["type"] = "warning"): DeviceAnswer => ({
  status: 200,
  type,
  code,
  message: TEXTS[code] ?? "",
});

export const SAVED: DeviceAnswer = answer(1001, "success");

export const outcome = (
  result: CommandOutcome["result"],
  a: DeviceAnswer | null,
  ackMs: number | null = null,
): CommandOutcome => ({ result, answer: a, ackMs });

/** Which status a command is acknowledged in: limits in the limit status, power and restart in the power status. */
export type AckKind = "limit" | "power";

export function statusOf(
  kind: AckKind,
  serial: string,
  limit: LimitStatus | null,
  power: PowerStatus | null,
): CommandStatus | null {
  return kind === "limit"
    ? (limit?.[serial]?.limit_set_status ?? null)
    : (power?.[serial]?.power_set_status ?? null);
}

/** `ok`/`failure` once the status left Pending; null while it has not (or cannot be read). */
export function settled(status: CommandStatus | null): "ok" | "failure" | null {
  if (status === "Ok") return "ok";
  if (status === "Failure") return "failure";
  return null;
}
