/**
 * The security hooks on the HTTP side of the gateway and the proxy: the password-guessing brake on requests that
 * carry credentials, the session cookie issued on a successful login (`GET /api/security/authenticate`) and dropped
 * by our logout path, and the security headers on pages. Installed right after the Fastify instance is created, so
 * every route (the proxy's forwarded ones too) passes through them. Device answers are otherwise unchanged.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LOGOUT_PATH, endpoints } from "@dtu/api/endpoints";
import { addSecurityHeaders } from "./headers.ts";
import type { Security } from "./index.ts";
import { CLEAR_SESSION_COOKIE, sessionCookie, sessionToken } from "./sessions.ts";
import { addressKey } from "./throttle.ts";

export interface HttpSecurityOptions {
  /**
   * Did this request's credentials prove right? The gateway checks them itself; the proxy only knows from the
   * device's answer (a successful login).
   */
  loginSucceeded: (req: FastifyRequest, status: number) => boolean;
  /** After a successful `POST /api/security/config`: drop the sessions whose password is no longer right. */
  onSecurityChanged: () => void;
}

const AUTHENTICATE = endpoints.authenticate.path;
const SECURITY_CONFIG = endpoints.securityConfigPost.path;

function pathOf(url: string): string {
  return url.split("?", 1)[0] ?? "/";
}

export function installHttpSecurity(app: FastifyInstance, sec: Security, opts: HttpSecurityOptions): void {
  app.addHook("onRequest", async (req, reply) => {
    const path = pathOf(req.url);
    if (path === LOGOUT_PATH && req.method === "POST") {
      const token = sessionToken(req.headers);
      sec.sessions.drop(token);
      // The sockets this browser opened with the session's credentials end with it.
      sec.openSockets.closeSession(token);
      return reply.code(204).header("set-cookie", CLEAR_SESSION_COOKIE).send();
    }
    if (req.headers.authorization === undefined) return;
    const wait = sec.throttle.reserve(addressKey(req.ip));
    // Too many guesses queued from this address: refused without looking at them.
    if (wait === null) return reply.code(429).header("retry-after", "60").send();
    if (wait > 0) await sec.sleep(wait);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const path = pathOf(req.url);
    addSecurityHeaders(reply, path);
    const auth = req.headers.authorization;
    if (auth === undefined) return payload;
    const status = reply.statusCode;
    const address = addressKey(req.ip);
    if (status === 401) sec.throttle.failure(address);
    else if (opts.loginSucceeded(req, status)) sec.throttle.success(address);

    if (req.method === "GET" && path === AUTHENTICATE && status === 200) {
      // The browser's token stays when it stands for these very credentials (a page load re-checking its stored
      // login must not cut the socket it opens at the same time); otherwise a new one replaces it.
      const current = sessionToken(req.headers);
      let token = current;
      if (current === undefined || sec.sessions.get(current) !== auth) {
        sec.sessions.drop(current);
        token = sec.sessions.create(auth);
      }
      void reply.header("set-cookie", sessionCookie(token ?? ""));
    }
    if (req.method === "POST" && path === SECURITY_CONFIG && status === 200) opts.onSecurityChanged();
    return payload;
  });
}
