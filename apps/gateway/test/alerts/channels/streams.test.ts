/**
 * The alert stream's limits and headers (issue 34 §14): at most 8 streams per address, the oldest closed first, as the
 * device caps its live sockets; the API's security headers although the route answers outside Fastify's hooks.
 */
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBrowserHub, MAX_STREAMS_PER_ADDRESS } from "../../../src/alerts/channels/browserHub.ts";
import { API_CONTENT_SECURITY_POLICY } from "../../../src/security/headers.ts";
import { startGateway, type TestGateway } from "../../helpers/app.ts";

let gw: TestGateway;
const port = (): number => (gw.app.server.address() as AddressInfo).port;
beforeAll(async () => {
  gw = await startGateway({ alerts: { tickMs: 3600_000 } });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  gw.app.server.closeAllConnections();
  await gw.close();
});

/** Opens a stream; resolves with its response once the headers came. */
const open = (port: number): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path: "/api/alerts/stream" }, resolve).on("error", reject).end();
  });

it("has the API's security headers", async () => {
  const res = await open(port());
  expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
  expect(res.headers["content-security-policy"]).toBe(API_CONTENT_SECURITY_POLICY);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("no-referrer");
  res.destroy();
});

it(`keeps at most ${MAX_STREAMS_PER_ADDRESS} streams per address, closing the oldest`, async () => {
  const streams: IncomingMessage[] = [];
  const ended: number[] = [];
  for (let i = 0; i < MAX_STREAMS_PER_ADDRESS + 2; i++) {
    const res = await open(port());
    res.on("data", () => undefined);
    res.on("end", () => ended.push(i));
    streams.push(res);
  }
  await expect.poll(() => [...ended].sort()).toEqual([0, 1]);
  const hub = gw.app.alerts?.hub;
  expect(hub?.pages).toBe(MAX_STREAMS_PER_ADDRESS);
  for (const s of streams) s.destroy();
  await expect.poll(() => hub?.pages).toBe(0);
});

it("counts each address apart (an IPv6 /64 as one)", () => {
  const hub = createBrowserHub({ perAddress: 1 });
  const fake = (address: string) => {
    const res = {
      writeHead: () => res,
      write: () => true,
      end: () => (res.ended = true),
      once: () => res,
      ended: false,
    };
    const req = { socket: { remoteAddress: address }, once: () => req };
    hub.serve(req as never, res as never);
    return res;
  };
  const a = fake("192.0.2.1");
  const b = fake("192.0.2.2");
  const c = fake("2001:db8::1");
  const d = fake("2001:db8::2");
  expect([a.ended, b.ended, c.ended, d.ended]).toEqual([false, false, true, false]);
  hub.close();
});
