/**
 * The zero-export API on the simulated device (issue 32 §4) and its close path: answers parse strictly with the
 * shared schemas, auth classes, a refusal names its field and changes nothing, the file is written, features say
 * zeroexport; once on, limits reach the fleet as type-0 commands, and closing the app sends the fallback limit.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as v from "valibot";
import {
  DEFAULT_ZERO_EXPORT_CONFIG,
  ZeroExportConfig,
  ZeroExportStatus,
  zeroExportEndpoints as e,
} from "@dtu/api/zeroexport";
import { zeroExportResponseSchemas as schemas } from "@dtu/api/zeroexportSchemas";
import { serialToWire } from "../../src/wire/serial.ts";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";
import { createFakeFleet, type FakeFleet } from "../helpers/fakeFleet.ts";

let gw: TestGateway;
let fleet: FakeFleet;
let serial: string;

/** The fake fleet, with the limit it was last given in its live data (else the controller sees a foreign limit). */
function limitKeeping(f: FakeFleet): FakeFleet {
  const limits = new Map<string, number>();
  const live = f.liveData.bind(f);
  const set = f.setLimit.bind(f);
  f.setLimit = (s, value, type) => {
    limits.set(s, value);
    set(s, value, type);
  };
  f.liveData = () => {
    const doc = live();
    for (const inv of doc.inverters) {
      const w = limits.get(inv.serial);
      if (w !== undefined) Object.assign(inv, { limit_absolute: w, limit_relative: (w / 800) * 100 });
    }
    return doc;
  };
  return f;
}

beforeAll(async () => {
  gw = await startGateway({
    meter: true,
    zeroExport: true,
    tickMs: 50,
    createFleet: async (deps) => (fleet = limitKeeping(createFakeFleet(deps))),
  });
  const slot = gw.app.gateway.config.inverters.find((i) => i.serial !== 0);
  serial = serialToWire(slot?.serial ?? 0);
});
afterAll(async () => {
  await gw.close();
});

const get = (url: string, authorization?: string) =>
  gw.app.inject({
    url,
    headers: authorization ? { authorization, "x-requested-with": "XMLHttpRequest" } : {},
  });
const post = (url: string, data: unknown, authorization = ADMIN) =>
  gw.app.inject({ method: "POST", url, headers: { ...FORM, authorization }, payload: form(data) });

const on = () => ({
  ...DEFAULT_ZERO_EXPORT_CONFIG,
  enabled: true,
  inverters: [{ serial, enabled: true, min_w: 20, max_w: 800 }],
});

describe("zero export API", () => {
  it("is off by default; features say zeroexport; status and config have the read rule", async () => {
    expect((await get("/api/gateway/features")).json()).toMatchObject({ meter: true, zeroexport: true });
    expect(v.parse(ZeroExportConfig, (await get(e.configGet.path)).json())).toEqual(
      DEFAULT_ZERO_EXPORT_CONFIG,
    );
    const status = v.parse(ZeroExportStatus, (await get(e.status.path)).json());
    expect(status.state).toBe("off");
    const none = (url: string) => gw.app.inject({ method: "POST", url, headers: FORM, payload: form({}) });
    for (const path of [e.configPost.path, e.resume.path, e.check.path])
      expect((await none(path)).statusCode).toBe(401);
  });

  it("refuses a bad field by name and changes nothing", async () => {
    const cases: [unknown, string][] = [
      ["{not json", "data"],
      [{ ...on(), target_w: 20.5 }, "target_w"],
      [{ ...on(), colour: "red" }, "colour"],
      [{ ...on(), inverters: [{ serial, enabled: true, min_w: 500, max_w: 100 }] }, "inverters.0"],
      [
        { ...on(), inverters: [{ serial: "xyz", enabled: true, min_w: 0, max_w: 100 }] },
        "inverters.0.serial",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await post(e.configPost.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(v.parse(schemas.configPost, res.json())).toMatchObject({ type: "danger", field });
    }
    expect((await get(e.configGet.path)).json()).toEqual(DEFAULT_ZERO_EXPORT_CONFIG);
    const resume = await post(e.resume.path, {});
    expect(resume.statusCode).toBe(409);
    expect(v.parse(schemas.resume, resume.json()).code).toBe("not_paused");
  });

  it("once on, sends type-0 limits to the fleet; closing the app sends the fallback", async () => {
    // The house held at 0 W: everything the inverter makes is exported, the controller cuts.
    expect((await post("/api/sim/house", { load_w: 0 })).statusCode).toBe(200);
    const saved = await post(e.configPost.path, on());
    expect(v.parse(schemas.configPost, saved.json())).toMatchObject({ type: "success", code: "saved" });
    expect(JSON.parse(await readFile(join(gw.dataDir, "zeroexport.json"), "utf8"))).toEqual(on());
    const calls = () => fleet.calls.filter((c) => c.startsWith(`limit ${serial}`));
    await vi.waitFor(() => expect(calls().length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
    expect(calls().every((c) => c.endsWith(" 0"))).toBe(true);
    const status = v.parse(ZeroExportStatus, (await get(e.status.path)).json());
    expect(status.state).toBe("active");
    expect(status.log[0]).toMatchObject({ serial, why: { code: "export" } });
    const before = calls().length;
    await gw.app.close();
    expect(calls().slice(before)).toEqual([`limit ${serial} 20 0`]);
  });
});
