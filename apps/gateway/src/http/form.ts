/**
 * The `data` form field of POST requests (API.md §3.0): from a urlencoded body or a multipart body. File parts in a
 * settings POST are drained and ignored (the device only looks at form parameters).
 */
import type { FastifyRequest } from "fastify";
import { drainStream } from "../lib/drain.ts";

export async function readDataField(req: FastifyRequest): Promise<string | undefined> {
  if (req.isMultipart()) {
    let value: string | undefined;
    for await (const part of req.parts()) {
      if (part.type === "file") {
        await drainStream(part.file);
      } else if (part.fieldname === "data" && value === undefined) {
        value = typeof part.value === "string" ? part.value : String(part.value);
      }
    }
    return value;
  }
  const body = req.body;
  if (typeof body === "object" && body !== null && "data" in body) {
    const data = (body as Record<string, unknown>).data;
    if (typeof data === "string") return data;
    if (Array.isArray(data) && typeof data[0] === "string") return data[0];
  }
  return undefined;
}
