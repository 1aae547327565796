/**
 * A JSON answer of our own extensions (meter, zero export, features) that is never cached: it can change while the
 * page is open. Sent as text, so Fastify adds `; charset=utf-8`, as these answers always had.
 */
import type { FastifyReply } from "fastify";

export function sendFreshJson(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  return reply
    .code(status)
    .header("content-type", "application/json")
    .header("cache-control", "no-store")
    .send(JSON.stringify(body));
}
