/** The reader of a meter's settings, one per kind. */
import type { MeterConfig } from "../config.ts";
import { fail } from "../failure.ts";
import type { House } from "../house/house.ts";
import { simReader } from "../house/simReader.ts";
import type { MeterDevice } from "../device.ts";
import { httpJsonReader } from "./httpJson.ts";
import { mqttReader } from "./mqtt.ts";
import { shellyReader } from "./shelly.ts";
import { tasmotaReader } from "./tasmota.ts";
import type { MeterReader } from "./types.ts";

export function makeReader(c: MeterConfig, device: MeterDevice, house: House | null): MeterReader {
  const common = { url: c.url, username: c.username, password: c.password, invert: c.invert };
  switch (c.kind) {
    case "shelly":
      return shellyReader({ ...common, path: c.path });
    case "tasmota":
      return tasmotaReader({ ...common, path: c.path, pathExport: c.path_export, unit: c.unit });
    case "http":
      return httpJsonReader({ ...common, path: c.path, pathExport: c.path_export, unit: c.unit });
    case "mqtt":
      return mqttReader({ ...common, topic: c.topic, path: c.path, unit: c.unit, now: device.now });
    case "sim":
      return house ? simReader(house, device.snapshot, device.now) : fail("no_sim", {});
  }
}
