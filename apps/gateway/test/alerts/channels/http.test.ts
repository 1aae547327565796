/**
 * ntfy and webhook against a real HTTP sink on loopback: what arrives (path, headers, body), the webhook's HMAC
 * signature checked the way a receiver would, CR/LF kept out of headers, errors in words without secrets.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { codeOf } from "../../../src/alerts/codes.ts";
import type { AlertWebhookBody } from "@dtu/api/alerts";
import { ntfyChannel } from "../../../src/alerts/channels/ntfy.ts";
import { webhookChannel } from "../../../src/alerts/channels/webhook.ts";
import { deadPort, makeAlert, makeMessage, startSink, type Sink } from "./helpers.ts";

const TOKEN = "tk_ntfy-SECRET-token";
const SECRET = "webhook-SECRET-key";
const never = new AbortController().signal;

let sink: Sink;
beforeAll(async () => (sink = await startSink()));
afterAll(() => sink.close());
beforeEach(() => {
  sink.requests.length = 0;
  sink.setHandler((_req, res) => res.end("ok"));
});

/** How a receiver checks the signature: HMAC of the raw bytes, compared in constant time. */
function verify(raw: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const got = Buffer.from(header.slice(7), "hex");
  return got.length === expected.length && timingSafeEqual(got, expected);
}

describe("ntfy", () => {
  const config = (over: Partial<Parameters<typeof ntfyChannel>[0]> = {}) => ({
    enabled: true,
    url: `${sink.url}/`,
    topic: "solar_alerts",
    token: TOKEN,
    ...over,
  });

  it("posts the text to <server>/<topic> with title, priority by severity, tags and the bearer token", async () => {
    await ntfyChannel(config()).send(makeMessage(), never);
    const [req] = sink.requests;
    expect(req?.method).toBe("POST");
    expect(req?.url).toBe("/solar_alerts");
    expect(req?.body).toBe("No answer for 30 minutes while the sun is up.");
    expect(req?.headers["x-title"]).toBe("Roof east is not answering");
    expect(req?.headers["x-priority"]).toBe("5");
    expect(req?.headers["x-tags"]).toBe("rotating_light");
    expect(req?.headers["authorization"]).toBe(`Bearer ${TOKEN}`);
  });

  it("maps severities and events to priorities; no Authorization without a token", async () => {
    const channel = ntfyChannel(config({ token: "" }));
    await channel.send(
      makeMessage({ alert: makeAlert({ severity: "warning" }), severity: "warning" }),
      never,
    );
    await channel.send(makeMessage({ alert: makeAlert({ severity: "info" }), severity: "info" }), never);
    await channel.send(makeMessage({ event: "cleared" }), never);
    await channel.send(makeMessage({ event: "test", alert: null, severity: "info" }), never);
    expect(sink.requests.map((r) => [r.headers["x-priority"], r.headers["x-tags"]])).toEqual([
      ["4", "warning"],
      ["3", "information_source"],
      ["3", "white_check_mark"],
      ["3", "test_tube"],
    ]);
    expect(sink.requests.every((r) => r.headers["authorization"] === undefined)).toBe(true);
  });

  it("keeps accents in the title (RFC 2047) and line breaks out of it", async () => {
    const channel = ntfyChannel(config());
    await channel.send(makeMessage({ title: "Dach Süd antwortet nicht" }), never);
    await channel.send(makeMessage({ title: "Roof\r\nX-Injected: yes" }), never);
    const [accented, injected] = sink.requests;
    const word = String(accented?.headers["x-title"]);
    expect(word).toMatch(/^=\?UTF-8\?B\?.+\?=$/);
    expect(Buffer.from(word.slice(10, -2), "base64").toString("utf8")).toBe("Dach Süd antwortet nicht");
    expect(injected?.headers["x-injected"]).toBeUndefined();
    expect(injected?.headers["x-title"]).toBe("Roof X-Injected: yes");
  });

  it("fails with the server's answer in words, the token removed even when the server echoes it", async () => {
    sink.setHandler((req, res) => {
      res.statusCode = 403;
      res.end(`{"error":"forbidden for ${String(req.headers["authorization"])}"}`);
    });
    const error = await ntfyChannel(config())
      .send(makeMessage(), never)
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    // The words (console, the alert's delivery) never hold the server's answer; the detail (the admin's test
    // answer) has it with the token removed (issue 34 §14).
    expect(error?.message).toBe("HTTP 403 Forbidden");
    expect(codeOf(error)).toEqual({
      code: "http_status",
      params: { status: 403, detail: '{"error":"forbidden for Bearer ***"}' },
    });
  });

  it("removes the token from the server's answer in its common encodings too (base64, hex, JSON-escaped)", async () => {
    const b64 = Buffer.from(`user:${TOKEN}`).toString("base64");
    const forms = [
      Buffer.from(TOKEN).toString("base64"),
      Buffer.from(TOKEN).toString("base64url"),
      b64,
      Buffer.from(TOKEN).toString("hex"),
      JSON.stringify(TOKEN).slice(1, -1),
    ];
    sink.setHandler((_req, res) => {
      res.statusCode = 401;
      res.end(forms.join(" "));
    });
    const error = await ntfyChannel(config())
      .send(makeMessage(), never)
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    const detail = String((codeOf(error)?.params as { detail: string }).detail);
    for (const form of [TOKEN, ...forms.filter((f) => f !== b64)]) expect(detail).not.toContain(form);
    // Inside a longer base64 text ("user:token" of a Basic header) the run of the token's own bits is gone.
    const core = Buffer.from(`user:${TOKEN}`).toString("base64").slice(8, -4);
    expect(detail).not.toContain(core);
  });
});

describe("webhook", () => {
  it("posts AlertWebhookBody as JSON, signed with HMAC-SHA256 of the exact body", async () => {
    const message = makeMessage();
    await webhookChannel({ enabled: true, url: `${sink.url}/hook?x=1`, secret: SECRET }).send(message, never);
    const req = sink.requests[0];
    if (req === undefined) throw new Error("nothing arrived");
    expect(req.url).toBe("/hook?x=1");
    expect(req.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(req.body) as AlertWebhookBody;
    expect(body).toEqual({
      event: "raised",
      alert: message.alert,
      title: message.title,
      text: message.text,
      sent: message.sent,
    });
    expect(verify(req.raw, req.headers["x-dtu-signature"], SECRET)).toBe(true);
    expect(verify(req.raw, req.headers["x-dtu-signature"], "another secret")).toBe(false);
    // The signature covers the bytes: one changed byte no longer verifies.
    const tampered = Buffer.from(req.raw);
    tampered.writeUInt8(tampered.readUInt8(0) ^ 1, 0);
    expect(verify(tampered, req.headers["x-dtu-signature"], SECRET)).toBe(false);
  });

  it("sends no signature without a secret, and a test event with alert null", async () => {
    await webhookChannel({ enabled: true, url: sink.url, secret: "" }).send(
      makeMessage({ event: "test", alert: null, title: "Test", text: "Hello" }),
      never,
    );
    const [req] = sink.requests;
    expect(req?.headers["x-dtu-signature"]).toBeUndefined();
    expect(JSON.parse(req?.body ?? "")).toMatchObject({ event: "test", alert: null, title: "Test" });
  });

  it("names a refused connection and a server error, never the secret", async () => {
    const port = await deadPort();
    const refused = await webhookChannel({ enabled: true, url: `http://127.0.0.1:${port}/`, secret: SECRET })
      .send(makeMessage(), never)
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(refused?.message).toBe("connection refused");
    expect(codeOf(refused)).toEqual({ code: "conn_refused", params: {} });

    sink.setHandler((req, res) => {
      res.statusCode = 500;
      res.end(`bad signature ${String(req.headers["x-dtu-signature"])} for key ${SECRET}`);
    });
    const failed = await webhookChannel({ enabled: true, url: sink.url, secret: SECRET })
      .send(makeMessage(), never)
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(failed?.message).toBe("HTTP 500 Internal Server Error");
    expect(codeOf(failed)?.params).toMatchObject({
      detail: expect.stringMatching(/^bad signature sha256=[0-9a-f]{64} for key \*\*\*$/),
    });
  });

  it("stops when the signal aborts", async () => {
    sink.setHandler("never");
    const controller = new AbortController();
    const sending = webhookChannel({ enabled: true, url: sink.url, secret: "" }).send(
      makeMessage(),
      controller.signal,
    );
    await expect.poll(() => sink.requests.length).toBe(1);
    controller.abort();
    await expect(sending).rejects.toThrow("cancelled (time-out)");
    expect(codeOf(await sending.catch((e: unknown) => e))).toEqual({ code: "cancelled", params: {} });
  });
});
