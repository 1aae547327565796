/**
 * `--meter-port`: the simulated meter answering as a Shelly Pro 3EM, a Shelly 3EM and a Tasmota reader, read with the
 * gateway's own readers: each gives the simulated meter's power (load − production).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMeterPort, type MeterPortServer } from "../../src/meter/emulate/server.ts";
import { createHouse } from "../../src/meter/house/house.ts";
import { productionW, simGrid } from "../../src/meter/house/simReader.ts";
import { httpGet } from "../../src/meter/httpGet.ts";
import { fromGen1, shellyReader } from "../../src/meter/readers/shelly.ts";
import { tasmotaReader } from "../../src/meter/readers/tasmota.ts";
import { fakeDevice } from "./fakePort.ts";

const device = fakeDevice();
const house = createHouse(11, () => device.place.zone());
const grid = () => simGrid(house, device.now(), productionW(device.snapshot()));
const signal = new AbortController().signal;
let server: MeterPortServer;
let url = "";

beforeAll(async () => {
  device.watts = [1200, 350];
  server = await startMeterPort({ grid, now: device.now, host: "127.0.0.1", port: 0 });
  url = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

describe("--meter-port", () => {
  it("answers as a Shelly Pro 3EM: the gateway's Shelly reader finds Gen2 and reads the simulated power", async () => {
    const reader = shellyReader({ url, path: "", invert: false, username: "", password: "" });
    const want = grid();
    expect(want.power_w).toBeLessThan(0);
    expect(await reader.read(signal)).toMatchObject({ power_w: want.power_w, phases_w: want.phases_w });
    const info = JSON.parse((await httpGet(`${url}/rpc/Shelly.GetDeviceInfo`)).body) as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({ gen: 2, app: "Pro3EM", model: "SPEM-003CEBEU", profile: "triphase" });
    const rpc = await fetch(`${url}/rpc`, {
      method: "POST",
      body: JSON.stringify({ id: 7, method: "EM.GetStatus", params: { id: 0 } }),
    });
    expect(await rpc.json()).toMatchObject({ id: 7, result: { total_act_power: want.power_w } });
  });

  it("answers as a Shelly 3EM (Gen1 /status) with its counters growing", async () => {
    const first = fromGen1(JSON.parse((await httpGet(`${url}/status`)).body), null);
    expect(first).toEqual({ total: grid().power_w, phases: grid().phases_w });
    device.time += 30_000;
    const status = JSON.parse((await httpGet(`${url}/status`)).body) as {
      emeters: { total_returned: number }[];
    };
    // L1 exported (production 1550 W − its load) for 30 s.
    expect(status.emeters[0]?.total_returned).toBeGreaterThan(5);
    const gen1 = JSON.parse((await httpGet(`${url}/shelly`)).body) as Record<string, unknown>;
    expect(gen1).toMatchObject({ type: "SHEM-3", num_emeters: 3 });
  });

  it("answers as a Tasmota SML reader: curr_w, or import − export", async () => {
    const base = { url, pathExport: "", unit: "W" as const, invert: false, username: "", password: "" };
    expect((await tasmotaReader({ ...base, path: "SML.curr_w" }).read(signal)).power_w).toBe(
      Math.round(grid().power_w),
    );
    const split = tasmotaReader({ ...base, path: "SML.power_in", pathExport: "SML.power_out" });
    expect((await split.read(signal)).power_w).toBe(Math.round(grid().power_w));
  });

  it("answers anything else with 404", async () => {
    const res = await fetch(`${url}/nothing`);
    expect(res.status).toBe(404);
    expect((await fetch(`${url}/rpc/EM.GetStatus?id=3`)).status).toBe(500);
  });
});
