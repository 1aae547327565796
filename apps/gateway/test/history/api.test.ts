/**
 * `/api/history/*` through the simulated gateway (issue 14 §5): bad parameters, CSV equals JSON, read auth; the
 * backup (issue 26 item 2): the copy opens, passes `PRAGMA integrity_check` and holds the same daily totals, a copy
 * taken while the recorder writes is consistent (the fleet's total equals the sum of its inverters on every day), and
 * only the admin gets it.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HistoryEnergy, HistoryInfo, HistoryPower } from "@dtu/api/history";
import { ADMIN, WRONG, startGateway, type TestGateway } from "../helpers/app.ts";
import { reading, tempDir } from "./helpers.ts";

let gw: TestGateway;
let info: HistoryInfo;
beforeAll(async () => {
  gw = await startGateway({ history: {} });
  info = JSON.parse((await gw.app.inject("/api/history/info")).body) as HistoryInfo;
}, 60_000);
afterAll(async () => gw.close());

const get = (url: string, auth?: string) =>
  gw.app.inject({ url, headers: auth ? { authorization: auth, "x-requested-with": "XMLHttpRequest" } : {} });

describe("history API", () => {
  it("has 30 days backfilled on a first start", async () => {
    const from = info.first_day ?? "";
    const res = await get(`/api/history/energy?from=${from}&to=${info.today}&interval=day`);
    const body = JSON.parse(res.body) as HistoryEnergy;
    expect(body.rows.length).toBeGreaterThanOrEqual(30);
    expect(body.rows.slice(0, 30).every((r) => r.total > 0 && r.peak_w > 0)).toBe(true);
    expect(info.inverters.length).toBeGreaterThan(0);
  });

  it.each([
    ["/api/history/power", /missing parameter date/],
    ["/api/history/power?date=2026-02-30", /YYYY-MM-DD/],
    ["/api/history/power?date=26-11-01", /YYYY-MM-DD/],
    ["/api/history/power?date=2026-11-01&serial=xyz", /serial/],
    ["/api/history/power?date=2026-11-01&format=xml", /format/],
    ["/api/history/energy?from=2026-11-01", /missing parameter to/],
    ["/api/history/energy?from=2026-11-02&to=2026-11-01&interval=day", /from must not be after to/],
    ["/api/history/energy?from=2025-01-01&to=2026-11-01&interval=day", /at most 366 days/],
    ["/api/history/energy?from=2000-01-01&to=2026-11-01&interval=month", /at most 120 months/],
    ["/api/history/energy?from=2026-01-01&to=2026-11-01&interval=week", /interval must be/],
    ["/api/history/energy?from=2026-01-01&to=2026-11-01&interval=toString", /interval must be/],
  ])("%s answers 400 with a message", async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const body = JSON.parse(res.body) as { type: string; message: string };
    expect(body.type).toBe("danger");
    expect(body.message).toMatch(message);
  });

  it("gives the same numbers as CSV as in JSON (day curve)", async () => {
    const day = info.first_day ?? "";
    const json = JSON.parse((await get(`/api/history/power?date=${day}`)).body) as HistoryPower;
    const csv = await get(`/api/history/power?date=${day}&format=csv`);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      `time,total_w,grid_w,${json.series.map((s) => `${s.name} (${s.serial})`).join(",")}`,
    );
    expect(lines).toHaveLength(json.total.length + 1);
    json.total.forEach(([, w], k) => {
      const cells = (lines[k + 1] ?? "").split(",");
      expect(cells[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
      expect(cells[1]).toBe(w === null ? "" : String(w));
      expect(cells[2]).toBe(String(json.grid?.[k]?.[1] ?? ""));
      json.series.forEach((s, i) => expect(cells[i + 3]).toBe(String(s.points[k]?.[1] ?? "")));
    });
  });

  it("gives the same numbers as CSV as in JSON (months)", async () => {
    const q = `from=${info.first_day ?? ""}&to=${info.today}&interval=month`;
    const json = JSON.parse((await get(`/api/history/energy?${q}`)).body) as HistoryEnergy;
    const lines = (await get(`/api/history/energy?${q}&format=csv`)).body.trimEnd().split("\r\n");
    const serials = Object.keys(json.rows[0]?.inverters ?? {}).sort();
    expect(lines[0]).toBe(
      `period,total_wh,peak_w,import_wh,export_wh,home_wh,${serials.map((s) => `${s}_wh`).join(",")}`,
    );
    const cell = (v: number | null): string => (v === null ? "" : String(v));
    expect(lines.slice(1)).toEqual(
      json.rows.map((r) =>
        [
          r.period,
          r.total,
          r.peak_w,
          cell(r.import_wh),
          cell(r.export_wh),
          cell(r.home_wh),
          ...serials.map((s) => r.inverters[s]),
        ].join(","),
      ),
    );
  });

  it("narrows to one inverter with its strings", async () => {
    const inv = info.inverters[0];
    const json = JSON.parse(
      (await get(`/api/history/power?date=${info.first_day ?? ""}&serial=${inv?.serial ?? ""}`)).body,
    ) as HistoryPower;
    expect(json.series.map((s) => s.name)).toEqual([inv?.name, ...(inv?.strings ?? [])]);
  });

  it("needs credentials once read-only access is off, like live data", async () => {
    gw.app.gateway.config.security.allow_readonly = false;
    try {
      expect((await get("/api/history/info")).statusCode).toBe(401);
      expect((await get("/api/history/info", ADMIN)).statusCode).toBe(200);
    } finally {
      gw.app.gateway.config.security.allow_readonly = true;
    }
  });
});

const backup = (authorization?: string) =>
  gw.app.inject({ url: "/api/history/backup", headers: authorization ? { authorization } : {} });

/** The downloaded copy as a database of its own. */
function openCopy(bytes: Buffer) {
  const file = join(tempDir(), "copy.db");
  writeFileSync(file, bytes);
  return new Database(file, { readonly: true });
}

/** Wh per series and day of a database (the daily table as it is). */
const dailyOf = (db: InstanceType<typeof Database>) =>
  db
    .prepare(
      "SELECT s.serial, d.day, d.wh FROM daily d JOIN series s ON s.id = d.sid WHERE s.ch = -1 ORDER BY 1, 2",
    )
    .all() as {
    serial: string;
    day: string;
    wh: number;
  }[];
const strip = (rows: object[]) => rows.map((r) => ({ ...r, _metadata: undefined }));

describe("history reads off the event loop (issue 21 item 3)", () => {
  it("answers info, day curves, energy rows and CSV without running a query on the event loop's connection", async () => {
    const h = gw.app.history?.current();
    if (!h) throw new Error("no history");
    // The writing connection's queries fail while this runs: every answer must come from the read worker.
    const blocked = (["info", "power", "energy"] as const).map((name) =>
      vi.spyOn(h.queries, name).mockImplementation(() => {
        throw new Error(`${name} ran on the event loop`);
      }),
    );
    try {
      for (const url of [
        "/api/history/info",
        `/api/history/power?date=${info.today}`,
        `/api/history/power?date=${info.today}&format=csv`,
        `/api/history/energy?from=${info.first_day ?? ""}&to=${info.today}&interval=month`,
      ])
        expect((await get(url)).statusCode, url).toBe(200);
      for (const spy of blocked) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of blocked) spy.mockRestore();
    }
  });
});

describe("history backup", () => {
  it("downloads a dated copy that opens, passes integrity_check and holds the same daily totals", async () => {
    const res = await backup(ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.sqlite3");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="history-${info.today}.db"`);
    const copy = openCopy(res.rawPayload);
    expect(copy.prepare("PRAGMA integrity_check").raw(true).all()).toEqual([["ok"]]);
    const live = gw.app.history?.current();
    expect(live).toBeTruthy();
    const days = dailyOf(copy);
    expect(days.length).toBeGreaterThanOrEqual(30);
    expect(strip(days)).toEqual(strip(dailyOf(live!.db)));
    copy.close();
  });

  it("is consistent while the recorder writes", async () => {
    const h = gw.app.history?.current();
    if (!h) throw new Error("no history");
    let writing = true;
    let n = 0;
    const start = Date.parse(`${info.today}T09:00:00Z`);
    // Batches of three inverters, each in its own transaction, between the event loop's turns.
    const writer = (async () => {
      while (writing) {
        const t = start + n * 5000;
        h.recorder.record(
          t,
          ["a1", "a2", "a3"].map((s) => reading(s, 200, 10_000 + n * 0.3, n * 0.3)),
        );
        n++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const res = await backup(ADMIN);
    writing = false;
    await writer;
    expect(res.statusCode).toBe(200);
    expect(n).toBeGreaterThan(1);
    const copy = openCopy(res.rawPayload);
    expect(copy.prepare("PRAGMA integrity_check").raw(true).all()).toEqual([["ok"]]);
    // Every batch wrote the inverters' credits and the fleet's total in one transaction: a torn copy would differ.
    const rows = dailyOf(copy).filter((r) => r.day === info.today);
    const total = rows.find((r) => r.serial === "")?.wh ?? 0;
    const sum = rows.filter((r) => r.serial !== "").reduce((a, r) => a + r.wh, 0);
    expect(total).toBeCloseTo(sum, 6);
    copy.close();
  });

  it("answers 401 to anonymous visitors, read-only visitors and a wrong password", async () => {
    expect((await gw.app.inject("/api/history/info")).statusCode).toBe(200);
    for (const auth of [undefined, WRONG]) {
      const res = await backup(auth);
      expect(res.statusCode).toBe(401);
      expect(res.rawPayload.length).toBe(0);
    }
  });
});
