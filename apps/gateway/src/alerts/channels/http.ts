/** One HTTP POST for the ntfy and webhook channels: ok on 2xx, else an Error in words without secrets. */
import { errorText, oneLine } from "./errors.ts";

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Removed from any error text (a server may echo a token back). */
  secrets: readonly (string | null | undefined)[];
}

/** Words for the network errors users meet (the fetch error itself only says "fetch failed"). */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found (DNS)",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's certificate is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate is not trusted",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is for another host",
};

export async function post(url: string, opts: PostOptions): Promise<void> {
  const headers: Record<string, string> = {};
  // §6: no header value can carry a line break into the request.
  for (const [name, value] of Object.entries(opts.headers)) headers[name] = oneLine(value);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, body: opts.body, signal: opts.signal });
  } catch (error) {
    if (opts.signal.aborted) throw new Error("cancelled (time-out)");
    const code = causeCode(error);
    throw new Error(errorText(code !== null ? (CAUSES[code] ?? code) : error, opts.secrets));
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
  throw new Error(errorText(detail === "" ? status : `${status}: ${detail}`, opts.secrets));
}

function causeCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  if (typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string") {
    return cause.code;
  }
  return null;
}
