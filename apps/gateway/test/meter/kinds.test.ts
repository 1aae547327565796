/**
 * Issue 31 "Done when": the gateway pointed at each kind of meter (a loopback server answering as it) reports the
 * server's power at the next read (reads are a second apart by default) and "stale" 10 s after the server stops.
 * Time is moved by hand; MQTT has its own file (mqtt.test.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { MeterPoller } from "../../src/meter/poller.ts";
import { httpJsonReader } from "../../src/meter/readers/httpJson.ts";
import { shellyReader } from "../../src/meter/readers/shelly.ts";
import { tasmotaReader } from "../../src/meter/readers/tasmota.ts";
import type { MeterReader } from "../../src/meter/readers/types.ts";
import { json, serve, type TestServer } from "./servers.ts";

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

type Kind = {
  answer: (w: number, path: string) => unknown;
  reader: (url: string) => MeterReader;
};
const plain = { invert: false, username: "", password: "" };

const KINDS: Record<string, Kind> = {
  "Shelly Gen2": {
    answer: (w, path) => (path.startsWith("/rpc/EM.GetStatus") ? { total_act_power: w } : null),
    reader: (url) => shellyReader({ url, path: "", ...plain }),
  },
  "Shelly Gen1": {
    answer: (w, path) =>
      path === "/status" ? { emeters: [{ power: w / 2 }, { power: w / 2 }, { power: 0 }] } : null,
    reader: (url) => shellyReader({ url, path: "", ...plain }),
  },
  Tasmota: {
    answer: (w, path) => (path.startsWith("/cm?") ? { StatusSNS: { SML: { curr_w: w } } } : null),
    reader: (url) => tasmotaReader({ url, path: "SML.curr_w", pathExport: "", unit: "W", ...plain }),
  },
  "HTTP JSON": {
    answer: (w) => ({ grid: { power: w / 1000 } }),
    reader: (url) =>
      httpJsonReader({ url: `${url}/grid`, path: "grid.power", pathExport: "", unit: "kW", ...plain }),
  },
};

describe.each(Object.entries(KINDS))("%s", (_name, kind) => {
  it("reports the server's power at the next read and 'stale' 10 s after the server stops", async () => {
    let watts = 812;
    server = await serve((req, res) => {
      const body = kind.answer(watts, req.url ?? "");
      if (body === null) json(res, { code: 404 }, 404);
      else json(res, body);
    });
    let now = 0;
    const poller = new MeterPoller({
      reader: kind.reader(server.url),
      intervalMs: 1000,
      now: () => now,
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    });
    await poller.poll();
    expect(poller.status()).toMatchObject({ state: "ok", power_w: 812 });
    watts = -2400;
    now += 1000;
    await poller.poll();
    expect(poller.status()).toMatchObject({ state: "ok", power_w: -2400, age_ms: 0 });
    await server.close();
    server = null;
    now += 10_000;
    await poller.poll();
    expect(poller.status().state).toBe("ok");
    now += 1;
    expect(poller.status()).toMatchObject({ state: "stale", power_w: -2400, error: { code: "refused" } });
    await poller.stop();
  });
});
