/**
 * Config files, factory reset, firmware upload and reboot (API.md §3.12, §3.13, §3.15). Every one of them that
 * reboots answers first and restarts the device state ~1 s later (API.md §8.6).
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { deviceLimits } from "@dtu/api/limits";
import { drainStream } from "../lib/drain.ts";
import { atomicWrite } from "../storage/atomicWrite.ts";
import { gatewayFile, isDeviceFile, safeFileName } from "../storage/deviceFiles.ts";
import { asBool } from "../wire/coerce.ts";
import { result } from "../http/result.ts";
import { has, postHandler, type Handlers } from "./types.ts";

/** The device's file-system size: nothing larger can be stored. */
const FS_LIMIT = 262144;

/** Bytes of the device's files other than `except`: what its file system already holds (storage/deviceFiles.ts). */
async function usedBytes(dir: string, except: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const e of entries) {
    if (!e.isFile() || e.name === except || !isDeviceFile(e.name)) continue;
    total += await stat(join(dir, e.name)).then(
      (s) => s.size,
      () => 0,
    );
  }
  return total;
}

const CONTENT_TYPES: Record<string, string> = {
  json: "application/json",
  txt: "text/plain",
  htm: "text/html",
  html: "text/html",
  css: "text/css",
  js: "application/javascript",
  png: "image/png",
  ico: "image/x-icon",
  gz: "application/x-gzip",
};

function contentType(name: string): string {
  const ext = name.includes(".") ? (name.split(".").pop() ?? "").toLowerCase() : "";
  return CONTENT_TYPES[ext] ?? "text/plain";
}

function uploadAnswer(reply: FastifyReply, status: number, body: string): void {
  void reply
    .code(status)
    .header("content-type", "text/plain")
    .header("connection", "close")
    .header("access-control-allow-origin", "*")
    .send(body);
}

function otaError(reply: FastifyReply, text: string): void {
  void reply.code(400).header("content-type", "text/plain").header("connection", "close").send(text);
}

/**
 * Refuses an image that outgrew the app partition while it streams in (chunked, no length known before): answer now
 * and read no more of the request. Node would otherwise read and discard the rest; pausing the socket lets TCP
 * stop the sender, and the connection is dropped once the answer has had time to arrive.
 */
function refuseOversize(reply: FastifyReply, req: FastifyRequest): void {
  const socket = req.raw.socket;
  socket.pause();
  reply.raw.once("finish", () => {
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), 2000).unref();
  });
  otaError(reply, "OTA could not begin");
}

async function drainRequest(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  try {
    for await (const part of req.parts()) {
      if (part.type === "file") await drainStream(part.file);
    }
  } catch {
    // broken multipart: nothing more to read
  }
}

export const maintenanceHandlers = {
  configGet: async ({ gw, reply, query }) => {
    const name = query.get("file") ?? "config.json";
    let body: Buffer | null = null;
    if (isDeviceFile(name)) body = await readFile(join(gw.dataDir, name)).catch(() => null);
    if (body === null) {
      // Empty answer: no body and no Content-Type, like the device's bare status (API.md §3.12).
      void reply.code(404).send();
      return undefined;
    }
    void reply
      .code(200)
      .header("content-type", contentType(name))
      .header("content-disposition", `attachment; filename="${name}"`)
      .send(body);
    return undefined;
  },
  configList: async ({ gw }) => {
    const entries = await readdir(gw.dataDir, { withFileTypes: true }).catch(() => []);
    return {
      configs: entries
        .filter((e) => e.isFile() && isDeviceFile(e.name))
        .map((e) => e.name)
        .sort()
        .map((name) => ({ name })),
    };
  },
  configUpload: async ({ gw, req, reply, query }) => {
    const name = query.get("file");
    if (name === null) {
      // Missing parameter: the device's bare 500 (API.md §3.12).
      await drainRequest(req);
      void reply.code(500).header("connection", "close").header("access-control-allow-origin", "*").send();
      return undefined;
    }
    if (!safeFileName(name)) {
      await drainRequest(req);
      uploadAnswer(reply, 400, "Invalid file name: use up to 31 letters, digits, '.', '_' or '-'");
      return undefined;
    }
    const own = gatewayFile(name);
    if (own !== null) {
      // The gateway's own file, not the device's: replacing it would lose what it holds. A 500 with a body is what
      // the web app shows as is (API.md §3.12); nothing is written and nothing reboots.
      await drainRequest(req);
      uploadAnswer(
        reply,
        500,
        `${name} is the gateway's own file (${own}), not a file of the device: it cannot be uploaded here. Nothing was changed.`,
      );
      return undefined;
    }
    // The whole file system holds FS_LIMIT bytes; the file replaced frees its own space.
    const room = FS_LIMIT - (await usedBytes(gw.dataDir, name));
    let written = false;
    let failed: string | null = null;
    if (req.isMultipart()) {
      try {
        for await (const part of req.parts({ limits: { fileSize: Math.max(room, 0) } })) {
          if (part.type !== "file") continue;
          if (written || failed !== null) {
            await drainStream(part.file);
            continue;
          }
          const chunks: Buffer[] = [];
          for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
          if (part.file.truncated || room <= 0) {
            failed = "No space left on the device's file system";
            continue;
          }
          // Unvalidated, as on the device (API.md §3.12); atomic so a crash leaves old or new.
          try {
            await atomicWrite(join(gw.dataDir, name), Buffer.concat(chunks));
          } catch {
            failed = "Write failed!";
            continue;
          }
          written = true;
        }
      } catch {
        failed ??= "Upload could not be read";
      }
    } else {
      await drainRequest(req);
    }
    if (failed !== null && !written) {
      // A 500 with a body is shown as is by the web app (API.md §3.12); nothing was changed, so no reboot.
      uploadAnswer(reply, 500, failed);
      return undefined;
    }
    gw.log(`Config file uploaded: ${name}`);
    uploadAnswer(reply, 200, "OK");
    gw.scheduleReboot();
    return undefined;
  },
  configDelete: postHandler(
    { parseErrorCode: 1003, required: (r) => has(r, "delete") },
    async (root, { gw }) => {
      if (!asBool(root.delete)) return result(3001);
      await gw.store.remove();
      gw.log("Factory reset: configuration deleted");
      gw.scheduleReboot();
      return result(3002);
    },
  ),
  firmwareUpdate: async ({ gw, req, reply }) => {
    if (!req.isMultipart()) {
      // No file data ever arrives: the update never starts and the device answers OK and reboots.
      await drainRequest(req);
      uploadAnswer(reply, 200, "OK");
      gw.scheduleReboot();
      return undefined;
    }
    // An image larger than the app partition is refused as soon as its size is known, before reading it
    // (issue 11): the announced length of the whole request (multipart adds only a few hundred bytes).
    if (Number(req.headers["content-length"] ?? 0) > deviceLimits.firmwareMaxBytes + 4096) {
      gw.log("OTA: image larger than the partition, refused");
      otaError(reply, "OTA could not begin");
      return undefined;
    }
    let md5: string | undefined;
    try {
      for await (const part of req.parts({ limits: { fileSize: deviceLimits.firmwareMaxBytes + 1 } })) {
        if (part.type === "field") {
          if (part.fieldname === "MD5" && md5 === undefined) md5 = String(part.value);
          continue;
        }
        if (md5 === undefined) {
          await drainStream(part.file);
          otaError(reply, "MD5 parameter missing");
          return undefined;
        }
        if (!/^[0-9a-fA-F]{32}$/.test(md5)) {
          await drainStream(part.file);
          otaError(reply, "MD5 parameter invalid");
          return undefined;
        }
        const hash = createHash("md5");
        let size = 0;
        let badMagic = false;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          // ESP32 application images start with 0xE9; compressed images are gzip (1f 8b).
          if (size === 0 && chunk.length > 0) {
            const gzip = chunk[0] === 0x1f && (chunk.length < 2 || chunk[1] === 0x8b);
            badMagic = chunk[0] !== 0xe9 && !gzip;
          }
          // Keep reading a rejected image to its end (bounded by the size limit) so the request completes.
          if (!badMagic) hash.update(chunk);
          size += chunk.length;
          if (size > deviceLimits.firmwareMaxBytes) {
            gw.log("OTA: image larger than the partition, refused");
            refuseOversize(reply, req);
            return undefined;
          }
        }
        if (badMagic || part.file.truncated) {
          gw.log("OTA: image rejected");
          otaError(reply, "OTA could not begin");
          return undefined;
        }
        if (size === 0 || hash.digest("hex") !== md5.toLowerCase()) {
          gw.log("OTA: MD5 mismatch");
          otaError(reply, "Could not end OTA");
          return undefined;
        }
        gw.log(`OTA: update of ${size} bytes written`);
      }
    } catch {
      otaError(reply, "OTA could not begin");
      return undefined;
    }
    uploadAnswer(reply, 200, "OK");
    gw.scheduleReboot();
    return undefined;
  },
  reboot: postHandler(
    { limit: deviceLimits.postDataMaxLarge, required: (r) => has(r, "reboot") },
    (root, { gw }) => {
      if (!asBool(root.reboot)) return result(6002);
      gw.scheduleReboot();
      return result(6001);
    },
  ),
} satisfies Partial<Handlers>;
