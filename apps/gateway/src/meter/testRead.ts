/**
 * POST /api/meter/test: one read with the given settings (not saved), saying what was found at the path or why not.
 * An MQTT meter is given a few seconds for a message on its topic.
 */
import type { MeterTestResult } from "@dtu/api/meter";
import type { MeterConfig } from "./config.ts";
import type { MeterDevice } from "./device.ts";
import { asMeterError, MeterFailure } from "./failure.ts";
import type { House } from "./house/house.ts";
import { makeReader } from "./readers/index.ts";
import type { MeterReader, MeterReading } from "./readers/types.ts";

/** How long a test waits for an MQTT message. */
export const MQTT_TEST_WAIT_MS = 5000;

async function readWithWait(
  reader: MeterReader,
  kind: MeterConfig["kind"],
  signal: AbortSignal,
): Promise<MeterReading> {
  const until = Date.now() + (kind === "mqtt" ? MQTT_TEST_WAIT_MS : 0);
  for (;;) {
    try {
      return await reader.read(signal);
    } catch (err) {
      const waiting = err instanceof MeterFailure && ["no_message", "broker"].includes(err.error.code);
      if (!waiting || Date.now() >= until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function testRead(
  c: MeterConfig,
  device: MeterDevice,
  house: House | null,
): Promise<MeterTestResult> {
  const started = Date.now();
  let reader: MeterReader | null = null;
  try {
    reader = makeReader(c, device, house);
    const r = await readWithWait(reader, c.kind, new AbortController().signal);
    return {
      ok: true,
      power_w: r.power_w,
      phases_w: r.phases_w,
      found: r.found.slice(0, 80),
      ms: Date.now() - started,
      error: null,
    };
  } catch (err) {
    return {
      ok: false,
      power_w: null,
      phases_w: null,
      found: null,
      ms: Date.now() - started,
      error: asMeterError(err, [c.password]),
    };
  } finally {
    await reader?.close();
  }
}
