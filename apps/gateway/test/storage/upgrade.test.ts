/**
 * Versioned files (issue 30 §4), through buildApp. The fixture `test/fixtures/release1/` was written by the release
 * before schema versions (makeRelease1.ts, never re-run): a copy opened by today's gateway is brought to the current
 * version, and every day, reading, alert and setting answers as that release answered (`expected.json`), with the
 * household meter's fields (issue 31) null: it had no meter. A version-2 file (the release before the meter's tables)
 * is brought to the current version the same way and keeps every day. A file with a version above ours is refused
 * untouched, kept aside, and the gateway runs on without it.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterEach, describe, expect, it } from "vitest";
import { defaultAlertConfig } from "../../src/alerts/config.ts";
import { wireAlert } from "../../src/alerts/notify.ts";
import type { StoredAlert } from "../../src/alerts/store.ts";
import { openHistory } from "../../src/history/index.ts";
import { HISTORY_DB_MIGRATIONS } from "../../src/history/schema.ts";
import { headerVersion, migrate, schemaVersion } from "../../src/storage/migrations.ts";
import { parsePosixTz } from "../../src/time/posixTz.ts";
import { covered, RAW_SQL } from "../fixtures/release1Digest.ts";
import { ADMIN, startGateway, type TestGateway } from "../helpers/app.ts";

const FIXTURE = new URL("../fixtures/release1/", import.meta.url).pathname;
const expected = JSON.parse(readFileSync(join(FIXTURE, "expected.json"), "utf8")) as {
  days: string[];
  power: unknown[][];
  energy: unknown;
  energy_by_inverter: unknown[];
  last: unknown;
  raw: unknown[];
  alerts: StoredAlert[];
  alerts_meta: { summary_day: string };
  config: unknown;
};
const CURRENT = HISTORY_DB_MIGRATIONS.length;

/** A file from before the meter: its day curves and energy rows answer the meter's fields as null. */
const NO_METER_DAY = { grid: null, import_wh: null, export_wh: null };
const NO_METER_ROW = { import_wh: null, export_wh: null, home_wh: null };
const withoutMeter = {
  power: (p: unknown[]) => p.map((day) => ({ ...(day as object), ...NO_METER_DAY })),
  energy: (e: unknown) => {
    const { rows, ...rest } = e as { rows: object[] };
    return { ...rest, rows: rows.map((r) => ({ ...r, ...NO_METER_ROW })) };
  },
};

/** Settings of release 1 answer the rules added since with their defaults (issue 31 §7: the meter; 32 §2: zero export). */
const withNewRules = (config: unknown) => {
  const c = config as { rules: object };
  const { meter_silent, zeroexport_paused, zeroexport_unreachable } = defaultAlertConfig().rules;
  return { ...c, rules: { ...c.rules, meter_silent, zeroexport_paused, zeroexport_unreachable } };
};

let dir = "";
let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
  rmSync(dir, { recursive: true, force: true });
});

/** The fixture copied into a fresh data folder. */
function copyOfFixture(): string {
  dir = mkdtempSync(join(tmpdir(), "dtu-upgrade-"));
  for (const file of ["history.db", "alerts.json"]) cpSync(join(FIXTURE, file), join(dir, file));
  return dir;
}

/** No fleet tick and no alert evaluation: the answers are the fixture's alone. */
const start = (dataDir: string) =>
  startGateway({ dataDir, history: {}, alerts: { tickMs: 3600_000, delivery: null }, tickMs: 3600_000 });

async function json(g: TestGateway, url: string, admin = false): Promise<unknown> {
  const res = await g.app.inject({ url, headers: admin ? { authorization: ADMIN } : {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return JSON.parse(res.body);
}

describe("history.db of the release before versions", () => {
  it("is upgraded to the current version and keeps every day, reading, alert and setting", async () => {
    const dataDir = copyOfFixture();
    expect(headerVersion(join(dataDir, "history.db"))).toBe(0);
    gw = await start(dataDir);
    const [first, , last] = expected.days as [string, string, string];
    for (const [i, day] of expected.days.entries()) {
      const all = await json(gw, `/api/history/power?date=${day}`);
      const one = await json(gw, `/api/history/power?date=${day}&serial=116180000001`);
      expect(
        [all, one].map((p) => covered(p as never)),
        day,
      ).toEqual(withoutMeter.power(expected.power[i] ?? []));
    }
    expect(await json(gw, `/api/history/energy?from=${first}&to=${last}&interval=day`)).toEqual(
      withoutMeter.energy(expected.energy),
    );
    for (const [i, serial] of ["116180000001", "116480000002"].entries()) {
      const url = `/api/history/energy?from=${first}&to=${last}&interval=day&serial=${serial}`;
      expect(await json(gw, url)).toEqual(withoutMeter.energy(expected.energy_by_inverter[i]));
    }
    expect(await json(gw, "/api/history/last")).toEqual(expected.last);

    const list = (await json(gw, "/api/alerts?state=all")) as { alerts: unknown[]; storage: string };
    expect(list.storage).toBe("database");
    expect(list.alerts).toEqual(expected.alerts.map(wireAlert));
    expect(gw.app.alerts?.store.meta("summary_day")).toBe(expected.alerts_meta.summary_day);
    expect(await json(gw, "/api/alerts/config", true)).toEqual(withNewRules(expected.config));

    await gw.close();
    gw = null;
    expect(headerVersion(join(dataDir, "history.db"))).toBe(CURRENT);
    const db = new Database(join(dataDir, "history.db"), { readonly: true });
    expect(db.prepare(RAW_SQL).raw(true).all()).toEqual(expected.raw);
    db.close();
  });
});

describe("history.db of version 2 (the release before the meter's tables)", () => {
  it("is upgraded to the current version, keeps every day and reading, and records the meter from then on", () => {
    const dataDir = copyOfFixture();
    const file = join(dataDir, "history.db");
    // The release-1 file as the release before the meter left it: brought to version 2 by its own steps.
    const v2 = new Database(file);
    migrate(v2, HISTORY_DB_MIGRATIONS.slice(0, 2));
    expect(schemaVersion(v2)).toBe(2);
    v2.close();
    const zone = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
    const h = openHistory({ dataDir, zone: () => zone, clock: { now: () => Date.now() } });
    try {
      expect(schemaVersion(h.db)).toBe(CURRENT);
      const [first, , last] = expected.days as [string, string, string];
      for (const [i, day] of expected.days.entries()) {
        const curves = [h.queries.power(day, null), h.queries.power(day, "116180000001")];
        expect(curves.map(covered), day).toEqual(withoutMeter.power(expected.power[i] ?? []));
      }
      expect(JSON.parse(JSON.stringify(h.queries.energy(first, last, "day", null)))).toEqual(
        withoutMeter.energy(expected.energy),
      );
      expect(h.db.prepare(RAW_SQL).raw(true).all()).toEqual(expected.raw);
      // The new tables take the meter's readings: 600 W for 10 minutes on the last day is 100 Wh imported.
      const start = Date.parse(`${last}T10:00:00Z`);
      for (let s = 0; s <= 600; s += 5) h.grid.reading(start + s * 1000, 600, 10_000);
      h.grid.flush();
      expect(h.queries.energy(last, last, "day", null).rows[0]).toMatchObject({
        import_wh: 100,
        export_wh: 0,
      });
    } finally {
      h.close();
    }
  });
});

describe("history.db of a newer gateway", () => {
  it("is refused untouched and kept aside; history answers 503 with the reason, alerts say theirs, the rest runs", async () => {
    const dataDir = copyOfFixture();
    const file = join(dataDir, "history.db");
    // A newer gateway's file: the fixture with a version above ours in its header (bytes 60–63).
    const bytes = readFileSync(file);
    bytes.writeInt32BE(CURRENT + 1, 60);
    writeFileSync(file, bytes);
    const sha = createHash("sha256").update(bytes).digest("hex");

    gw = await start(dataDir);
    const aside = readdirSync(dataDir).filter((f) => f.startsWith("history.db"));
    expect(aside).toEqual([expect.stringMatching(/^history\.db\.newer-\d{4}-\d\d-\d\dT[\d-]+Z$/)]);
    const kept = join(dataDir, aside[0] as string);
    expect(createHash("sha256").update(readFileSync(kept)).digest("hex")).toBe(sha);

    const reason =
      `${file} was written by a newer version of the gateway (schema version ${CURRENT + 1}; this version ` +
      `knows up to ${CURRENT}). It is kept untouched as ${kept}`;
    expect(gw.app.history?.startNote()).toContain(reason);
    const info = await gw.app.inject("/api/history/info");
    expect(info.statusCode).toBe(503);
    expect((JSON.parse(info.body) as { message: string }).message).toContain(reason);

    const list = (await json(gw, "/api/alerts")) as {
      storage: string;
      problem: string;
      problem_code: string;
    };
    expect(list.storage).toBe("memory");
    expect(list.problem).toContain(
      `Alerts are NOT stored: ${file} cannot be used (it was written by a newer`,
    );
    expect(list.problem).toContain(`kept untouched as ${kept}`);
    expect(list.problem_code).toBe("db_unusable");

    // The gateway runs on, and nothing starts a new file in the newer one's place during this run.
    expect((await gw.app.inject("/api/livedata/status")).statusCode).toBe(200);
    expect(gw.app.history?.retry()).toBe(false);
    expect(readdirSync(dataDir).filter((f) => f.startsWith("history.db"))).toEqual(aside);
  });
});
