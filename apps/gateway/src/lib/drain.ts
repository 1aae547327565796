/**
 * The one way the gateway drops an HTTP body nobody reads: a fetch answer (undici keeps its connection until the
 * body is read or cancelled) and a Node stream (a request body, a multipart file part, a refused upgrade's answer),
 * read to its end so the connection is free again.
 */
import type { Readable } from "node:stream";

/** Cancels a fetch answer's body, so its connection is released; never throws. */
export async function drain(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => undefined);
}

/** Reads a stream to its end and drops what it reads; resolves at its end, on an error or once it is closed. */
export function drainStream(stream: Readable): Promise<void> {
  if (stream.destroyed || stream.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    stream
      .on("end", resolve)
      .on("error", () => resolve())
      .on("close", resolve);
    stream.resume();
  });
}
