/**
 * A failed meter read as a code with parameters (packages/api/src/meter.ts `MeterErrorParams`) and English words for
 * logs and the API; the web app words the code in the owner's language. Never carries a password: the texts are
 * made here from fixed words and bounded values, not from the meter's answer.
 */
import type { MeterError, MeterErrorCode, MeterErrorParams } from "@dtu/api/meter";

export class MeterFailure extends Error {
  readonly error: MeterError;
  constructor(error: MeterError) {
    super(error.message);
    this.error = error;
  }
}

function words<C extends MeterErrorCode>(code: C, p: MeterErrorParams[C]): string {
  const q = p as Record<string, string | number>;
  switch (code) {
    case "refused":
      return "connection refused";
    case "host_not_found":
      return "host not found";
    case "timeout":
      return `no answer within ${q.seconds} s`;
    case "network":
      return `network error: ${q.reason}`;
    case "http_status":
      return `the meter answered HTTP ${q.status}`;
    case "auth_refused":
      return "the meter refused the user name or password";
    case "redirect_loop":
      return "too many redirects";
    case "too_large":
      return `the answer is larger than ${q.max_bytes} bytes`;
    case "not_json":
      return "the answer is not JSON";
    case "no_value":
      return `nothing at the path "${q.path}"`;
    case "not_number":
      return `the value at "${q.path}" is not a number: ${q.value}`;
    case "not_meter":
      return `the answer is not one of a ${q.kind} meter`;
    case "broker":
      return `MQTT broker: ${q.reason}`;
    case "no_message":
      return `no message on the topic "${q.topic}" yet`;
    default:
      return "only a simulated device has a simulated house";
  }
}

export function meterError<C extends MeterErrorCode>(code: C, params: MeterErrorParams[C]): MeterError {
  return { code, params, message: words(code, params) } as MeterError;
}

export function fail<C extends MeterErrorCode>(code: C, params: MeterErrorParams[C]): never {
  throw new MeterFailure(meterError(code, params));
}

/** A one-line, bounded text of a value for a parameter (never a whole answer). */
export function excerpt(value: unknown, max = 40): string {
  const raw = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  // eslint-disable-next-line no-control-regex -- control characters would start a new log line
  const text = raw.replace(/[\u0000-\u001f\u007f]+/g, " ");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A library's error text, one line, cut, with every secret (and its URL-encoded form) removed first. */
export function safeReason(err: unknown, secrets: readonly string[] = []): string {
  let reason = err instanceof Error ? err.message : "failed";
  for (const s of secrets) {
    if (s === "") continue;
    for (const form of [s, encodeURIComponent(s)]) reason = reason.split(form).join("***");
  }
  return excerpt(reason, 120);
}

/** Any thrown value as a MeterError (a library's error goes into `network`). */
export function asMeterError(err: unknown, secrets: readonly string[] = []): MeterError {
  if (err instanceof MeterFailure) return err.error;
  return meterError("network", { reason: safeReason(err, secrets) });
}
