/**
 * Non-finite and absurd numbers (issue 11 item 4): refused with the endpoint's range code or the generic parse code
 * 1004, never stored as null or replaced by a default.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw.close();
});

async function post(url: string, raw: string): Promise<unknown> {
  const res = await gw.app.inject({
    method: "POST",
    url,
    headers: { ...FORM, authorization: ADMIN },
    payload: form(raw),
  });
  return res.json();
}

const ntp = (lat: string, lon: string) =>
  `{"ntp_server":"pool.ntp.org","ntp_timezone":"CET-1CEST,M3.5.0,M10.5.0/3","ntp_timezone_descr":"Europe/Berlin",` +
  `"latitude":${lat},"longitude":${lon},"sunsettype":1}`;

describe("numbers no setting can hold", () => {
  it.each([
    ["-1e999", "10"],
    ["51", "1e309"],
    ['"1e999"', "10"],
    ["91", "10"],
    ["51", "-180.5"],
  ])("NTP latitude %s / longitude %s answers 1004 and keeps the stored place", async (lat, lon) => {
    const before = (
      await gw.app.inject({ url: "/api/ntp/config", headers: { authorization: ADMIN } })
    ).json();
    expect(await post("/api/ntp/config", ntp(lat, lon))).toMatchObject({ type: "warning", code: 1004 });
    const after = (await gw.app.inject({ url: "/api/ntp/config", headers: { authorization: ADMIN } })).json();
    expect(after).toEqual(before);
  });

  it("still takes real coordinates", async () => {
    expect(await post("/api/ntp/config", ntp("-33.86", "151.2"))).toMatchObject({ code: 1001 });
    const after = (await gw.app.inject({ url: "/api/ntp/config", headers: { authorization: ADMIN } })).json();
    expect(after).toMatchObject({ latitude: -33.86, longitude: 151.2 });
  });

  it("refuses an infinite poll interval with 1004 instead of reading it as 0", async () => {
    const raw =
      '{"serial":"199980112345","pollinterval":1e999,"nrf_palevel":0,"cmt_palevel":0,"cmt_frequency":865000}';
    expect(await post("/api/dtu/config", raw)).toMatchObject({ code: 1004 });
  });

  it("refuses an infinite yield offset of an inverter channel", async () => {
    expect(await post("/api/inverter/add", '{"serial":"114182123456","name":"Roof"}')).toMatchObject({
      code: 4004,
    });
    const raw =
      '{"id":0,"serial":"114182123456","name":"Roof","channel":[{"max_power":400,"yield_total_offset":"1e999"}]}';
    expect(await post("/api/inverter/edit", raw)).toMatchObject({ code: 1004 });
    const list = (
      await gw.app.inject({ url: "/api/inverter/list", headers: { authorization: ADMIN } })
    ).json() as {
      inverter: { channel: { yield_total_offset: number }[] }[];
    };
    expect(list.inverter[0]?.channel[0]?.yield_total_offset).toBe(0);
  });
});
