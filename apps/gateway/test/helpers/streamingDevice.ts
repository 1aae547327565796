/**
 * A raw HTTP server that plays a real device for the streaming tests (proxy and several-devices host): it sees each
 * chunk of an upload and sends a download in two parts, so a test can hold one side until the other has moved.
 * - `POST /api/firmware/update`: answers `<bytes> <md5> <content-type>` of what it read, once the upload ends;
 * - `GET /api/config/get`: sends `{"part":1,` at once and `"part2":2}` only after `finishDownload()`;
 * - `GET /zones.json`: the HTML app, as firmware from v26.3.28 without a zone table answers (API.md §9.15, §1);
 * - anything else: 404.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface StreamingDevice {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Resolves when the device has seen the first bytes of the next upload (ask before sending it). */
  firstUploadChunk(): Promise<void>;
  /** Lets the device finish the download it holds. */
  finishDownload(): void;
  close(): Promise<void>;
}

export async function startStreamingDevice(): Promise<StreamingDevice> {
  let uploadStarted: () => void = () => undefined;
  let finishDownload: () => void = () => undefined;
  const server = createServer((req, res) => {
    if (req.url === "/api/firmware/update") {
      const hash = createHash("md5");
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        if (size === 0) uploadStarted();
        size += chunk.length;
        hash.update(chunk);
      });
      req.on("end", () => {
        res.writeHead(200, { "content-type": "text/plain", connection: "close" });
        res.end(`${size} ${hash.digest("hex")} ${req.headers["content-type"] ?? ""}`);
      });
      return;
    }
    if (req.url === "/api/config/get") {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-disposition": 'attachment; filename="config.json"',
      });
      res.write('{"part":1,');
      finishDownload = () => res.end('"part2":2}');
      return;
    }
    if (req.url === "/zones.json") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>device app</html>");
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    firstUploadChunk: () => new Promise<void>((r) => (uploadStarted = r)),
    finishDownload: () => finishDownload(),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
