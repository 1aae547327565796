/**
 * The Fastify instance of the simulated device (API.md §1): the device's body formats only, the security layer,
 * and every method and path handed to one routing function (routes/dispatch.ts), even URLs the framework cannot
 * parse. It never listens (tests inject or listen themselves).
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { Gateway } from "../device/gateway.ts";
import { drainStream } from "../lib/drain.ts";
import { installHttpSecurity } from "../security/http.ts";
import type { Security } from "../security/index.ts";
import { basicValid } from "./auth.ts";

/** What the server hands every request to (implemented by routes/dispatch.ts). */
export interface Routing {
  dispatch(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Fastify's error handler: a body the parsers refused, or a handler that threw. */
  onError(
    err: { code?: string; message?: string },
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply>;
}

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;
export const BODY_LIMIT = 1024 * 1024;

export interface DeviceHttpParts {
  gw: Gateway;
  routing: Routing;
  security: Security;
  /** Fastify's request logger. */
  logger: boolean;
}

/**
 * No body format of the framework's own: every body is read to its end and ignored (`undefined`), so no request
 * gets a framework error for its body (415, 400 for bad JSON). Formats registered afterwards take precedence.
 */
export function drainBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, payload, done) => {
    void drainStream(payload).then(() => done(null, undefined));
  });
}

export async function createDeviceHttp(parts: DeviceHttpParts): Promise<FastifyInstance> {
  const { gw, routing, security, logger } = parts;
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // URLs the framework cannot even parse still get the device's answer (the SPA index).
    frameworkErrors: (_err, req, reply) => {
      // The hook's request/reply carry schema generics of their own; they are the same objects at run time.
      void routing.dispatch(req as unknown as FastifyRequest, reply as unknown as FastifyReply);
    },
  });
  installHttpSecurity(app, security, {
    loginSucceeded: (req, status) =>
      status !== 401 && basicValid(req.headers.authorization, gw.config.security.password),
    // Sessions whose password is no longer the admin password end; an allow_readonly change keeps them. Sockets
    // end when the read rule would refuse them now (SECURITY.md).
    onSecurityChanged: () => {
      security.sessions.dropWhere((auth) => !basicValid(auth, gw.config.security.password));
      security.openSockets.closeWhere(
        (auth) => !gw.config.security.allow_readonly && !basicValid(auth, gw.config.security.password),
      );
    },
  });
  // Only the device's body formats: urlencoded and multipart. Anything else is drained and ignored, so a POST with
  // junk reads as "no data field" (1002) instead of a framework error.
  drainBodies(app);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, {
    limits: { fieldSize: 64 * 1024, fields: 64, files: 8, parts: 128, headerPairs: 64 },
  });
  app.route({ method: [...ALL_METHODS], url: "/", exposeHeadRoute: false, handler: routing.dispatch });
  app.route({ method: [...ALL_METHODS], url: "/*", exposeHeadRoute: false, handler: routing.dispatch });
  app.setNotFoundHandler(routing.dispatch);
  app.setErrorHandler(routing.onError);
  return app;
}
