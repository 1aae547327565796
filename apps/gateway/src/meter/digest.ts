/**
 * The client side of HTTP Digest authentication (RFC 7616), as Shelly Gen2 and later ask for it: a 401 with
 * `WWW-Authenticate: Digest realm=…, qop="auth", nonce=…, algorithm=SHA-256`, answered with user `admin`. MD5 (RFC
 * 2617) and the `-sess` variants are taken too. Written here because the kept npm packages for it either wrap a whole
 * HTTP client (axios, node-fetch) or know MD5 only; the hashing is node:crypto's.
 */
import { createHash, randomBytes } from "node:crypto";
import { parseDigest } from "../http/auth.ts";

export interface DigestChallenge {
  realm: string;
  nonce: string;
  /** "auth" when the server offers it (the only qop we answer), else null (RFC 2069 form). */
  qop: "auth" | null;
  algorithm: "MD5" | "SHA-256";
  sess: boolean;
  opaque: string | null;
}

/** The Digest challenge of a WWW-Authenticate header, or null when there is none we can answer. */
export function parseChallenge(header: string | undefined): DigestChallenge | null {
  if (!header) return null;
  const d = parseDigest(header);
  if (!d || d.nonce === undefined || d.realm === undefined) return null;
  const algo = (d.algorithm ?? "MD5").toUpperCase();
  const base = algo.replace(/-SESS$/, "");
  if (base !== "MD5" && base !== "SHA-256") return null;
  const qops = (d.qop ?? "").split(",").map((q) => q.trim());
  if (d.qop !== undefined && !qops.includes("auth")) return null;
  return {
    realm: d.realm,
    nonce: d.nonce,
    qop: d.qop !== undefined ? "auth" : null,
    algorithm: base,
    sess: algo.endsWith("-SESS"),
    opaque: d.opaque ?? null,
  };
}

export interface DigestRequest {
  method: string;
  /** The request target exactly as sent (path and query). */
  uri: string;
  username: string;
  password: string;
  /** 1 for the first answer to a nonce. */
  nc: number;
  /** Tests fix it; default 16 random bytes. */
  cnonce?: string;
}

const quoted = (s: string): string => `"${s.replace(/(["\\])/g, "\\$1")}"`;

/** The `Authorization: Digest …` value answering `challenge`. */
export function digestAuthorization(challenge: DigestChallenge, req: DigestRequest): string {
  const h = (text: string): string =>
    createHash(challenge.algorithm === "MD5" ? "md5" : "sha256")
      .update(text, "utf8")
      .digest("hex");
  const cnonce = req.cnonce ?? randomBytes(16).toString("hex");
  const nc = req.nc.toString(16).padStart(8, "0");
  let ha1 = h(`${req.username}:${challenge.realm}:${req.password}`);
  if (challenge.sess) ha1 = h(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = h(`${req.method}:${req.uri}`);
  const response = challenge.qop
    ? h(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`)
    : h(`${ha1}:${challenge.nonce}:${ha2}`);
  const parts = [
    `username=${quoted(req.username)}`,
    `realm=${quoted(challenge.realm)}`,
    `nonce=${quoted(challenge.nonce)}`,
    `uri=${quoted(req.uri)}`,
    `algorithm=${challenge.algorithm}${challenge.sess ? "-sess" : ""}`,
    `response=${quoted(response)}`,
  ];
  if (challenge.qop) parts.push(`qop=auth`, `nc=${nc}`, `cnonce=${quoted(cnonce)}`);
  if (challenge.opaque !== null) parts.push(`opaque=${quoted(challenge.opaque)}`);
  return `Digest ${parts.join(", ")}`;
}
