/**
 * Delivery without blocking the caller (issue 23 §2): every send runs on its own, is cut off after 10 s and is retried
 * with back-off (not when there was nobody to deliver to: `NoReceiver`); every attempt's end is reported. A dead or
 * slow channel holds nothing but its own attempt.
 */
import type { Clock, LogLine } from "../../device/contracts.ts";
import type { AlertCoded } from "@dtu/api/alerts";
import { NoReceiver, codeFields, codeOf, coded } from "../codes.ts";
import type { Channel, ChannelMessage, DeliveryResult, Dispatcher } from "../contracts.ts";
import { backoffDelay, type Schedule } from "../../lib/backoff.ts";
import { errorText } from "./errors.ts";
import { realTimers, type Timers } from "./types.ts";

export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Waits before the 2nd, 3rd and 4th attempt; then the delivery is given up (the last result stays on the alert). */
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 120_000, 600_000];

interface Attempt {
  result: DeliveryResult;
  /** Worth a retry: failed, and not for want of a receiver. */
  again: boolean;
}

export interface DispatcherOptions {
  channels?: readonly Channel[];
  /** Per attempt; also the bound of `test()` (which makes one attempt per channel). */
  timeoutMs?: number;
  retryDelaysMs?: Schedule;
  clock?: Clock;
  timers?: Timers;
  /** Failed attempts are logged (without secrets: channel errors never hold one). */
  log?: LogLine;
}

export function createDispatcher(opts: DispatcherOptions = {}): Dispatcher {
  const timeoutMs = opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const schedule = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  const clock = opts.clock ?? { now: () => Date.now() };
  const timers = opts.timers ?? realTimers;
  const log = opts.log ?? (() => {});
  let channels: readonly Channel[] = opts.channels ?? [];
  let closed = false;
  /** Scheduled retries, cancelled on close. */
  const pending = new Set<unknown>();

  /**
   * One attempt: resolves (never rejects) when the channel answered, failed or ran out of time; `again` says whether
   * a retry may help (not after success, nor when there was nobody to deliver to).
   */
  const attempt = (channel: Channel, message: ChannelMessage): Promise<Attempt> => {
    const controller = new AbortController();
    return new Promise<Attempt>((resolve) => {
      let settled = false;
      const finish = (error: string | null, code: AlertCoded | null = null, nobody = false): void => {
        if (settled) return;
        settled = true;
        timers.clearTimeout(timer);
        if (error !== null) {
          controller.abort(new Error(error));
          if (!nobody) log(`Alerts: ${channel.name} delivery failed: ${error}`);
        }
        const at = Math.floor(clock.now() / 1000);
        const result = { channel: channel.name, at, ok: error === null, error, ...codeFields(code) };
        resolve({ result, again: error !== null && !nobody });
      };
      // The time-out settles the attempt even when a channel ignores its signal.
      const timer = timers.setTimeout(
        () =>
          finish(`no answer within ${timeoutMs / 1000} s`, coded("timeout", { seconds: timeoutMs / 1000 })),
        timeoutMs,
      );
      let sending: Promise<void>;
      try {
        sending = channel.send(message, controller.signal);
      } catch (error) {
        sending = Promise.reject(error);
      }
      sending.then(
        () => finish(null),
        (error: unknown) => finish(errorText(error), codeOf(error), error instanceof NoReceiver),
      );
    });
  };

  /** Attempt number `n` (0-based) on the channel now configured under that name; retries while it fails. */
  const run = (
    name: Channel["name"],
    message: ChannelMessage,
    n: number,
    onResult: (r: DeliveryResult) => void,
  ) => {
    const channel = channels.find((c) => c.name === name);
    if (closed || channel === undefined) return; // switched off (or shut down) since: nothing left to deliver to
    void attempt(channel, message).then(({ result, again }) => {
      if (closed) return;
      report(onResult, result);
      const wait = backoffDelay(schedule, n);
      if (!again || wait === null) return;
      const handle = timers.setTimeout(() => {
        pending.delete(handle);
        run(name, message, n + 1, onResult);
      }, wait);
      pending.add(handle);
    });
  };

  return {
    deliver(message, onResult) {
      for (const channel of channels) run(channel.name, message, 0, onResult);
    },
    async test(message) {
      return Promise.all(channels.map((channel) => attempt(channel, message).then((a) => a.result)));
    },
    async setChannels(next) {
      const old = channels;
      channels = next;
      await closeAll(
        old.filter((c) => !next.includes(c)),
        log,
      );
    },
    async close() {
      closed = true;
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
      const old = channels;
      channels = [];
      await closeAll(old, log);
    },
  };
}

/** The engine's callback must not break delivery (or surface as an unhandled rejection). */
function report(onResult: (r: DeliveryResult) => void, result: DeliveryResult): void {
  try {
    onResult(result);
  } catch {
    // The engine stores results; its failure is its own to log.
  }
}

async function closeAll(channels: readonly Channel[], log: LogLine): Promise<void> {
  await Promise.all(
    channels.map(async (c) => {
      try {
        await c.close();
      } catch (error) {
        log(`Alerts: closing ${c.name} failed: ${errorText(error)}`);
      }
    }),
  );
}
