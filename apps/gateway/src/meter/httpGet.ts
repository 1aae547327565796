/**
 * One bounded GET to a meter (issue 31 "Bad input and safety"): only http and https, an overall time limit, the body
 * cut at `maxBytes`, at most MAX_REDIRECTS redirects, Basic or Digest credentials sent only after the meter asked
 * for them (its 401 names which), never to another host a redirect leads to. Every failure is a MeterFailure with
 * its code; no error text carries the password (it is only ever hashed or base64-encoded into a header).
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { digestAuthorization, parseChallenge, type DigestChallenge } from "./digest.ts";
import { fail, meterError, MeterFailure } from "./failure.ts";

export const MAX_REDIRECTS = 3;
export const MAX_BODY_BYTES = 64 * 1024;
export const HTTP_TIMEOUT_MS = 5000;

/** The credentials of one meter and what its server asked for last (kept between polls: one round trip each). */
export class HttpAuth {
  challenge: DigestChallenge | null = null;
  nc = 0;
  basic = false;
  constructor(
    readonly username: string,
    readonly password: string,
  ) {}
  get given(): boolean {
    return this.username !== "" || this.password !== "";
  }
  header(method: string, uri: string): string | undefined {
    if (this.challenge) {
      this.nc += 1;
      return digestAuthorization(this.challenge, {
        method,
        uri,
        username: this.username,
        password: this.password,
        nc: this.nc,
      });
    }
    if (this.basic)
      return `Basic ${Buffer.from(`${this.username}:${this.password}`, "utf8").toString("base64")}`;
    return undefined;
  }
  /** Learns from a 401; true when a new try with credentials makes sense. */
  learn(wwwAuthenticate: string | string[] | undefined): boolean {
    if (!this.given) return false;
    const values = Array.isArray(wwwAuthenticate) ? wwwAuthenticate : [wwwAuthenticate ?? ""];
    const digest = values.map(parseChallenge).find((c) => c !== null) ?? null;
    const hadDigest = this.challenge;
    if (digest) {
      // A fresh nonce (stale=true, or a new one) is worth one more try; the same one failing means wrong credentials.
      const fresh = hadDigest === null || hadDigest.nonce !== digest.nonce;
      this.challenge = digest;
      this.nc = 0;
      return fresh;
    }
    if (values.some((v) => /^\s*Basic\b/i.test(v)) && !this.basic) {
      this.basic = true;
      return true;
    }
    return false;
  }
}

export interface GetOptions {
  auth?: HttpAuth;
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface GetAnswer {
  status: number;
  body: string;
}

/** http: or https: only; anything else is refused before any connection. */
export function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail("network", { reason: "not a URL" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    fail("network", { reason: `only http and https URLs, not ${url.protocol.slice(0, 10)}` });
  return url;
}

const NET_CODES: Record<string, "refused" | "host_not_found"> = {
  ECONNREFUSED: "refused",
  ENOTFOUND: "host_not_found",
  EAI_AGAIN: "host_not_found",
};

function once(url: URL, authorization: string | undefined, opts: GetOptions, signal: AbortSignal) {
  const maxBytes = opts.maxBytes ?? MAX_BODY_BYTES;
  return new Promise<{ res: IncomingMessage; body: string }>((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { accept: "application/json", connection: "close" };
    if (authorization) headers.authorization = authorization;
    const req = send(url, { method: "GET", headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          req.destroy();
          reject(new MeterFailure(meterError("too_large", { max_bytes: maxBytes })));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ res, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function networkFailure(err: unknown, timedOut: boolean, timeoutMs: number): MeterFailure {
  if (err instanceof MeterFailure) return err;
  if (timedOut) return new MeterFailure(meterError("timeout", { seconds: timeoutMs / 1000 }));
  const code = (err as { code?: unknown }).code;
  const known = typeof code === "string" ? NET_CODES[code] : undefined;
  if (known) return new MeterFailure(meterError(known, {}));
  return new MeterFailure(meterError("network", { reason: typeof code === "string" ? code : "failed" }));
}

/** GETs `target`, following redirects and answering the meter's auth challenge; a 2xx answer's body or a failure. */
export async function httpGet(target: string | URL, opts: GetOptions = {}): Promise<GetAnswer> {
  const timeoutMs = opts.timeoutMs ?? HTTP_TIMEOUT_MS;
  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  let url = typeof target === "string" ? httpUrl(target) : target;
  const origin = url.origin;
  try {
    let redirects = 0;
    let retried = false;
    for (;;) {
      const uri = url.pathname + url.search;
      // Credentials go only to the meter's own origin, never to a host a redirect names.
      const auth = url.origin === origin ? opts.auth : undefined;
      const { res, body } = await once(url, auth?.header("GET", uri), opts, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location !== undefined) {
        if (++redirects > MAX_REDIRECTS) fail("redirect_loop", {});
        url = httpUrl(new URL(res.headers.location, url).href);
        continue;
      }
      if (status === 401) {
        if (!retried && auth?.learn(res.headers["www-authenticate"])) {
          retried = true;
          continue;
        }
        fail("auth_refused", {});
      }
      if (status < 200 || status >= 300) fail("http_status", { status });
      return { status, body };
    }
  } catch (err) {
    throw networkFailure(err, timedOut, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}
