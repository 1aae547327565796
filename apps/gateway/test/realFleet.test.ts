/** The web server with the real simulated fleet and clock (no fakes except MQTT): answers stay in the contract. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStrict } from "@dtu/api/strict";
import { DeviceInfo, EventLog, GridProfile, LimitStatus, LiveData, PowerStatus } from "@dtu/api/live";
import { NtpStatus } from "@dtu/api/settings";
import { rm } from "node:fs/promises";
import { buildApp, type GatewayApp } from "../src/app.ts";
import { ADMIN, FORM, form, makeDataDir } from "./helpers/app.ts";

let app: GatewayApp;
let dir: string;
beforeAll(async () => {
  dir = await makeDataDir();
  app = await buildApp({
    dataDir: dir,
    webRoot: `${dir}/none`,
    createMqtt: () => ({ connected: () => false, reconfigure: () => undefined, stop: async () => undefined }),
  });
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const json = async (url: string) =>
  (await app.inject({ url, headers: { authorization: ADMIN } })).json<unknown>();

describe("gateway with the real fleet", () => {
  it("serves the default inverters in the contract's shapes", async () => {
    const live = parseStrict(LiveData, await json("/api/livedata/status"));
    expect(live.inverters.map((i) => i.serial)).toEqual(["114182123456", "116482345678"]);
    for (const serial of ["114182123456", "116482345678"]) {
      parseStrict(EventLog, await json(`/api/eventlog/status?inv=${serial}`));
      parseStrict(DeviceInfo, await json(`/api/devinfo/status?inv=${serial}`));
      parseStrict(GridProfile, await json(`/api/gridprofile/status?inv=${serial}`));
    }
    parseStrict(LimitStatus, await json("/api/limit/status"));
    parseStrict(PowerStatus, await json("/api/power/status"));
    parseStrict(NtpStatus, await json("/api/ntp/status"));
    const metrics = await app.inject({ url: "/api/prometheus/metrics" });
    expect(metrics.body).toContain('opendtu_last_update{serial="114182123456",unit="0",name="Garage roof"}');
  });

  it("accepts commands for the real inverters", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/limit/config",
      headers: { ...FORM, authorization: ADMIN },
      payload: form({ serial: "116482345678", limit_value: 50, limit_type: 1 }),
    });
    expect(res.json()).toMatchObject({ code: 1001 });
    const status = parseStrict(LimitStatus, await json("/api/limit/status"));
    expect(status["116482345678"]?.limit_set_status).toMatch(/^(Pending|Ok)$/);
  });
});
