/** One HTTP POST for the ntfy and webhook channels: ok on 2xx, else an Error in words without secrets. */
import type { AlertCoded } from "@dtu/api/alerts";
import { CodedError, coded } from "../codes.ts";
import { errorText, oneLine } from "./errors.ts";

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Removed from any error text (a server may echo a token back). */
  secrets: readonly (string | null | undefined)[];
}

/** Words and codes for the network errors users meet (the fetch error itself only says "fetch failed"). */
const CAUSES: Record<string, [string, AlertCoded]> = {
  ECONNREFUSED: ["connection refused", coded("conn_refused", {})],
  ENOTFOUND: ["host not found", coded("host_not_found", {})],
  EAI_AGAIN: ["host not found (DNS)", coded("dns_failed", {})],
  ECONNRESET: ["connection reset", coded("conn_reset", {})],
  ETIMEDOUT: ["connection timed out", coded("conn_timeout", {})],
  EHOSTUNREACH: ["host unreachable", coded("host_unreachable", {})],
  CERT_HAS_EXPIRED: ["the server's certificate has expired", coded("cert_expired", {})],
  DEPTH_ZERO_SELF_SIGNED_CERT: ["the server's certificate is self-signed", coded("cert_self_signed", {})],
  SELF_SIGNED_CERT_IN_CHAIN: ["the server's certificate is not trusted", coded("cert_untrusted", {})],
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: ["the server's certificate is not trusted", coded("cert_untrusted", {})],
  ERR_TLS_CERT_ALTNAME_INVALID: [
    "the server's certificate is for another host",
    coded("cert_wrong_host", {}),
  ],
};

export async function post(url: string, opts: PostOptions): Promise<void> {
  const headers: Record<string, string> = {};
  // §6: no header value can carry a line break into the request.
  for (const [name, value] of Object.entries(opts.headers)) headers[name] = oneLine(value);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, body: opts.body, signal: opts.signal });
  } catch (error) {
    if (opts.signal.aborted) throw new CodedError("cancelled (time-out)", coded("cancelled", {}));
    const code = causeCode(error);
    const known = code !== null ? CAUSES[code] : undefined;
    if (known) throw new CodedError(known[0], known[1]);
    const reason = errorText(code ?? error, opts.secrets);
    throw new CodedError(reason, coded("network", { reason }));
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const detail = await response.text().then(
    (t) => oneLine(t).slice(0, 120),
    () => "",
  );
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  const safeDetail = detail === "" ? "" : errorText(detail, opts.secrets);
  // The server's own words only in the parameters, for the admin's test answer: the words, which go to the console
  // and onto the alert that read access lists, never hold a delivery server's answer (issue 34 §14).
  throw new CodedError(
    errorText(status),
    coded("http_status", { status: response.status, detail: safeDetail }),
  );
}

function causeCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  if (typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string") {
    return cause.code;
  }
  return null;
}
