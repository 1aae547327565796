/**
 * The location moved far (issue 34 §6), through Settings > NTP's POST as an owner does it: before a real day was
 * recorded the simulated device's modelled month follows the new place at once (the usual shares stay known); once a
 * real day is recorded the shares are learned anew from the move, and GET /api/alerts says how far (`learning`).
 */
import Database from "libsql";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { alertResponseSchemas } from "@dtu/api/schemas";
import { parseStrict } from "@dtu/api/strict";
import type { AlertList } from "@dtu/api/alerts";
import { isFar, readPlace } from "../../src/history/place.ts";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";

/** Noon in Germany (the default location) on 21 June. */
const START = Date.UTC(2026, 5, 21, 10, 0, 0);
const DAY_MS = 86_400_000;
let now = START;
let gw: TestGateway;

beforeAll(async () => {
  gw = await startGateway({
    history: {},
    alerts: { tickMs: 3_600_000 },
    clock: { now: () => now },
    tickMs: 50,
  });
}, 60_000);
afterAll(async () => gw.close());

const moveTo = async (latitude: number, longitude: number): Promise<void> => {
  const res = await gw.app.inject({
    method: "POST",
    url: "/api/ntp/config",
    headers: { ...FORM, authorization: ADMIN },
    payload: form({
      ntp_server: "pool.ntp.org",
      ntp_timezone: "CET-1CEST,M3.5.0,M10.5.0/3",
      ntp_timezone_descr: "Europe/Berlin",
      latitude,
      longitude,
      sunsettype: 1,
    }),
  });
  expect(JSON.parse(res.body)).toMatchObject({ type: "success" });
};

const learning = async (): Promise<AlertList["learning"]> =>
  parseStrict(alertResponseSchemas.list, JSON.parse((await gw.app.inject("/api/alerts")).body)).learning;

/** The inverters' power (W) in the file at 10:00 UTC on 15 June: noon in Germany, 3 AM in San Francisco. */
function powerAt10Utc(): number {
  const db = new Database(join(gw.dataDir, "history.db"), { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT SUM(a.sum * 0.1 / a.n) AS w FROM agg5 a JOIN series s ON s.id = a.sid
         WHERE s.ch = -1 AND s.serial <> '' AND a.slot = ?`,
      )
      .get(Date.UTC(2026, 5, 15, 10) / 300_000) as { w: number | null };
    return row.w ?? 0;
  } finally {
    db.close();
  }
}

it("a far move before a real day remodels the month at the new place; the shares stay known", async () => {
  expect(await learning()).toBeNull();
  expect(powerAt10Utc()).toBeGreaterThan(100);
  await moveTo(37.77, -122.42);
  await vi.waitFor(() => expect(powerAt10Utc()).toBe(0), { timeout: 10_000 });
  expect(await learning()).toBeNull();
});

it("a far move after a real day starts the learning anew, 0 of 3 days, dated from the move", async () => {
  now = START + 3 * DAY_MS;
  const movedAt = now;
  await moveTo(51.17, 10.45);
  // The alerts look at the place every 10 s of the gateway's clock.
  await vi.waitFor(
    async () => {
      now += 10_000;
      // Dated when the gateway noticed the move (its next port event after the POST).
      expect(await learning()).toEqual({ days: 0, of: 3, since: expect.any(Number) as number });
    },
    { timeout: 10_000 },
  );
  const since = (await learning())?.since ?? 0;
  expect(since).toBeGreaterThanOrEqual(Math.floor(movedAt / 1000)); // epoch seconds, as every time of the API
  expect(since).toBeLessThanOrEqual(now / 1000);
  // The modelled month stays as it was: it holds real days now.
  expect(powerAt10Utc()).toBe(0);
});

it("a small correction is no move; the file keeps the place and the move", () => {
  expect(isFar({ latitude: 51.17, longitude: 10.45 }, { latitude: 51.5, longitude: 10.9 })).toBe(false);
  expect(isFar({ latitude: 51.17, longitude: 10.45 }, { latitude: 52.2, longitude: 10.45 })).toBe(true);
  const db = new Database(join(gw.dataDir, "history.db"), { readonly: true });
  try {
    expect(readPlace(db)).toMatchObject({ latitude: 51.17, longitude: 10.45 });
  } finally {
    db.close();
  }
});
