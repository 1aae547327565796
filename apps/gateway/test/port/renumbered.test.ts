/**
 * A real device of v25.9.11 or later numbers the persistent limits 2/3 (API.md §9.7) and answers 5003 to 256/257:
 * the port sends the limit again in its numbering and keeps to it. A small device on loopback that takes only the
 * new numbers and acknowledges at once.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { realCommands } from "../../src/port/real/commands.ts";

const sent: number[] = [];
let server: Server;
let device: URL;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      if (req.url === "/api/limit/status") {
        return res.end(JSON.stringify({ "116482345678": { limit_set_status: "Ok" } }));
      }
      const type = (JSON.parse(new URLSearchParams(body).get("data") ?? "{}") as { limit_type: number })
        .limit_type;
      sent.push(type);
      res.end(
        JSON.stringify(
          type <= 3
            ? { type: "success", message: "Settings saved!", code: 1001 }
            : { type: "warning", message: "Invalid type specified!", code: 5003 },
        ),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  device = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

it("sends a persistent limit again in the device's numbering, and keeps to it", async () => {
  const commands = realCommands({ device, auth: "Basic YWRtaW46eA==", timeoutMs: 2000 }, { now: Date.now });
  const first = await commands.setLimit({ serial: "116482345678", value: 50, type: 257 });
  expect(first).toMatchObject({ result: "ok", answer: { code: 1001 } });
  expect(sent).toEqual([257, 3]);
  await commands.setLimit({ serial: "116482345678", value: 400, type: 256 });
  await commands.setLimit({ serial: "116482345678", value: 40, type: 1 });
  expect(sent).toEqual([257, 3, 2, 1]);
});
