/** Socket and clock helpers for the security tests (real servers on 127.0.0.1). */
import { createHash } from "node:crypto";
import { WebSocket } from "ws";

export const GOOD = Buffer.from("admin:openDTU42").toString("base64");
export const BAD = Buffer.from("admin:wrong-one").toString("base64");

/** A clock the test moves by hand. */
export function manualClock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

export interface Attempt {
  /** "open" or the refusal's HTTP status. */
  result: "open" | number;
  headers: Record<string, string | string[] | undefined>;
  ws: WebSocket;
}

/** One upgrade; resolves once it opened or was refused. The caller closes `ws`. */
export function attempt(url: string, headers: Record<string, string> = {}): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("open", () => resolve({ result: "open", headers: {}, ws }));
    ws.once("unexpected-response", (_req, res) => {
      res.resume();
      resolve({ result: res.statusCode ?? 0, headers: res.headers, ws });
    });
    ws.once("error", reject);
  });
}

const md5 = (s: string): string => createHash("md5").update(s).digest("hex");

/** A Digest answer (qop=auth) to a challenge's nonce, with every part overridable to forge one. */
export function digestAnswer(
  nonce: string,
  parts: { uri?: string; realm?: string; nc?: string; password?: string; answeredUri?: string } = {},
): string {
  const realm = parts.realm ?? "asyncesp";
  const uri = parts.uri ?? "/livedata";
  const nc = parts.nc ?? "00000001";
  const ha1 = md5(`admin:${realm}:${parts.password ?? "openDTU42"}`);
  const ha2 = md5(`GET:${parts.answeredUri ?? uri}`);
  const response = md5(`${ha1}:${nonce}:${nc}:c0ffee:auth:${ha2}`);
  return (
    `Digest username="admin", realm="${realm}", nonce="${nonce}", uri="${uri}", qop=auth, nc=${nc}, ` +
    `cnonce="c0ffee", response="${response}"`
  );
}

export function nonceOf(challenge: unknown): string {
  return /nonce="([^"]+)"/.exec(String(challenge))?.[1] ?? "";
}
