/**
 * Loopback HTTP servers answering as meters do, for the meter tests: each on 127.0.0.1 and an ephemeral port,
 * closed by the test. `answer` is changed by the test between reads.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseDigest } from "../../src/http/auth.ts";

export interface TestServer {
  url: string;
  port: number;
  /** Requests seen, with their Authorization header. */
  requests: { url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function serve(handler: Handler): Promise<TestServer> {
  const requests: TestServer["requests"] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", authorization: req.headers.authorization });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Digest (SHA-256, qop auth) as a Shelly Gen2 checks it, with our own hashing (not the client's code). */
export function shellyDigest(password: string, realm = "shellypro3em-c8f09e8ae9a4") {
  const nonce = randomBytes(8).toString("hex");
  const sha = (s: string): string => createHash("sha256").update(s).digest("hex");
  return {
    ok(req: IncomingMessage): boolean {
      const d = parseDigest(req.headers.authorization ?? "");
      if (!d || d.username !== "admin" || d.realm !== realm || d.nonce !== nonce || d.uri !== req.url)
        return false;
      const ha1 = sha(`admin:${realm}:${password}`);
      const ha2 = sha(`${req.method}:${d.uri}`);
      return d.response === sha(`${ha1}:${nonce}:${d.nc}:${d.cnonce}:${d.qop}:${ha2}`);
    },
    challenge(res: ServerResponse): void {
      res.writeHead(401, {
        "www-authenticate": `Digest qop="auth", realm="${realm}", nonce="${nonce}", algorithm=SHA-256`,
      });
      res.end();
    },
  };
}

export function basicOk(req: IncomingMessage, user: string, password: string): boolean {
  return req.headers.authorization === `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}
