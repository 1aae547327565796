/**
 * Commands to a real device as its web app sends them: `POST /api/limit/config` and `/api/power/config` with a
 * `data=` form body and the gateway's credentials (API.md §3.7, §3.8), then the acknowledgement polled from
 * `/api/limit/status` or `/api/power/status` until it is no longer Pending, within ACK_WAIT_MS.
 */
import type { CommandStatus, LimitStatus, PowerStatus } from "@dtu/api/live";
import type { CommandAccess, CommandOutcome, DeviceAnswer, LimitCommand } from "../contract.ts";
import { ACK_WAIT_MS, outcome, settled, statusOf, type AckKind } from "../commands.ts";
import { postData, tryJson, type Wire } from "./wire.ts";

export interface RealCommandsOptions {
  now: () => number;
  /** Between two looks at the status (default 1 s). */
  pollMs?: number;
  /** Waits between looks; tests may pass one that does not sleep. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RealCommands {
  setLimit(command: LimitCommand): Promise<CommandOutcome>;
  setPower(serial: string, on: boolean): Promise<CommandOutcome>;
  restart(serial: string): Promise<CommandOutcome>;
  commandAccess(): CommandAccess;
}

function answerOf(status: number, body: unknown): DeviceAnswer {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const type = b.type === "success" || b.type === "warning" || b.type === "danger" ? b.type : null;
  return {
    status,
    type,
    code: typeof b.code === "number" ? b.code : null,
    message: typeof b.message === "string" ? b.message : "",
  };
}

export function realCommands(wire: Wire, opts: RealCommandsOptions): RealCommands {
  const pollMs = opts.pollMs ?? 1000;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let access: CommandAccess = wire.auth ? "unknown" : "no-credentials";

  const current = async (kind: AckKind, serial: string): Promise<CommandStatus | null> => {
    const path = kind === "limit" ? "/api/limit/status" : "/api/power/status";
    const doc = await tryJson<LimitStatus | PowerStatus>(wire, path);
    return kind === "limit"
      ? statusOf(kind, serial, doc as LimitStatus | null, null)
      : statusOf(kind, serial, null, doc as PowerStatus | null);
  };

  async function send(kind: AckKind, path: string, data: object, serial: string): Promise<CommandOutcome> {
    if (!wire.auth) return outcome("refused", null);
    const sentAt = opts.now();
    let res: { status: number; body: unknown };
    try {
      res = await postData(wire, path, data);
    } catch {
      return outcome("unreachable", null);
    }
    const answer = answerOf(res.status, res.body);
    access = res.status === 401 ? "refused" : "allowed";
    if (answer.type !== "success" || answer.code !== 1001) return outcome("refused", answer);
    while (opts.now() - sentAt < ACK_WAIT_MS) {
      const result = settled(await current(kind, serial));
      if (result) return outcome(result, answer, opts.now() - sentAt);
      await sleep(pollMs);
    }
    return outcome("timeout", answer);
  }

  return {
    setLimit: ({ serial, value, type }) =>
      send("limit", "/api/limit/config", { serial, limit_value: value, limit_type: type }, serial),
    setPower: (serial, on) => send("power", "/api/power/config", { serial, power: on }, serial),
    restart: (serial) => send("power", "/api/power/config", { serial, restart: true }, serial),
    commandAccess: () => access,
  };
}
