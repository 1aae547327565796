/**
 * The one table of network-error words: what the owner reads when a request of the gateway fails (the proxy's
 * "Device unreachable: …", an alert channel's failed delivery), by the code Node or undici puts on the error (the
 * fetch error itself only says "fetch failed"). `key` is the machine word the alert API sends with it, so the web
 * app can say the same in the owner's language (`AlertCodeParams` in packages/api/src/alerts.ts).
 */

/** The machine words of the causes that have one (a subset of the alert API's codes). */
export type NetCauseKey =
  | "conn_refused"
  | "host_not_found"
  | "dns_failed"
  | "conn_reset"
  | "conn_timeout"
  | "host_unreachable"
  | "cert_expired"
  | "cert_self_signed"
  | "cert_untrusted"
  | "cert_wrong_host";

export interface NetCause {
  words: string;
  /** The alert API's code for it; none where the owner's language has no words of its own for it yet. */
  key?: NetCauseKey;
}

const CAUSES: Record<string, NetCause> = {
  ECONNREFUSED: { words: "connection refused", key: "conn_refused" },
  ENOTFOUND: { words: "host not found", key: "host_not_found" },
  EAI_AGAIN: { words: "host not found (DNS)", key: "dns_failed" },
  ECONNRESET: { words: "connection reset", key: "conn_reset" },
  ETIMEDOUT: { words: "connection timed out", key: "conn_timeout" },
  UND_ERR_CONNECT_TIMEOUT: { words: "connection timed out", key: "conn_timeout" },
  EHOSTUNREACH: { words: "host unreachable", key: "host_unreachable" },
  ENETUNREACH: { words: "network unreachable" },
  UND_ERR_HEADERS_TIMEOUT: { words: "no answer in time" },
  UND_ERR_BODY_TIMEOUT: { words: "no answer in time" },
  UND_ERR_SOCKET: { words: "connection lost" },
  CERT_HAS_EXPIRED: { words: "the server's certificate has expired", key: "cert_expired" },
  DEPTH_ZERO_SELF_SIGNED_CERT: { words: "the server's certificate is self-signed", key: "cert_self_signed" },
  SELF_SIGNED_CERT_IN_CHAIN: { words: "the server's certificate is not trusted", key: "cert_untrusted" },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    words: "the server's certificate is not trusted",
    key: "cert_untrusted",
  },
  ERR_TLS_CERT_ALTNAME_INVALID: {
    words: "the server's certificate is for another host",
    key: "cert_wrong_host",
  },
};

/** The innermost error with a code (fetch wraps undici's error, which may wrap the socket's), and its message. */
export function errorCode(error: unknown): { code?: string; message: string } {
  let e: unknown = error;
  let found: { code?: string; message: string } = { message: String(error) };
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    found = {
      ...(typeof code === "string" ? { code } : found.code ? { code: found.code } : {}),
      message: e.message,
    };
    e = e.cause;
  }
  return found;
}

/** The cause of a failed request in words, when its code is one the owner meets; else undefined. */
export const netCause = (code: string | undefined): NetCause | undefined =>
  code === undefined ? undefined : CAUSES[code];
