/**
 * `GET /api/history/last` (issue 25 item 4): per inverter and string the newest reading the history holds, the one
 * before it went quiet; past the raw retention still the lifetime yield; read by primary keys only.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { HistoryLast } from "@dtu/api/history";
import type { FastifyReply } from "fastify";
import { gatewayDefaults } from "../../src/config/defaults.ts";
import { backfill } from "../../src/history/backfill.ts";
import { LAST_SQL, lastKnown } from "../../src/history/lastKnown.ts";
import { historyHandlers } from "../../src/history/routes.ts";
import { INVERTER_CH } from "../../src/history/store.ts";
import { at, makeHistory, reading, type TestHistory } from "./helpers.ts";

let t: TestHistory | null = null;
afterEach(() => t?.h.close());

describe("last known readings", () => {
  it("gives each inverter's and string's newest reading, not the silence after it", () => {
    t = makeHistory();
    const { h } = t;
    h.recorder.record(at("2026-11-25", "12:00"), [reading("1164a", 412.34, 912_000, 1500)]);
    const evening = at("2026-11-25", "16:45");
    h.recorder.record(evening, [reading("1164a", 3.06, 912_446, 1874), reading("1164b", 120, 5_000, 300)]);
    // Asleep: the device reports it unreachable with its last values, nothing is recorded.
    h.recorder.record(at("2026-11-25", "23:00"), [{ ...reading("1164a", 0, 0, 0), reachable: false }]);
    // A DTU restart: reachable but not read yet, its placeholder zeros are recorded; they are no reading.
    h.recorder.record(at("2026-11-25", "23:30"), [reading("1164a", 0, 0, 0)]);
    const last = lastKnown(h.db);
    expect(last.inverters.map((i) => i.serial)).toEqual(["1164a", "1164b"]);
    expect(last.inverters[0]).toEqual({
      serial: "1164a",
      name: "Inverter 1164a",
      t: evening / 1000,
      power_w: 3.1,
      voltage_v: 230,
      current_a: 3.06 / 230,
      yield_day_wh: 1874,
      yield_total_wh: 912_446,
      temperature_c: 30,
      limit_pct: 100,
      strings: [
        {
          channel: 0,
          t: evening / 1000,
          power_w: 3.1,
          voltage_v: 30,
          current_a: 3.06 / 30,
          yield_day_wh: 1874,
          yield_total_wh: 912_446,
        },
      ],
    });
  });

  it("keeps the lifetime yield once the raw samples are pruned", () => {
    t = makeHistory();
    const { h } = t;
    const sid = h.writer.seriesId("1164c", INVERTER_CH, "Barn");
    const when = at("2026-10-01", "17:10");
    h.writer.base(sid, { t: when, totalWh: 4_321_000, day: "2026-10-01" });
    expect(lastKnown(h.db).inverters).toEqual([
      {
        serial: "1164c",
        name: "Barn",
        t: when / 1000,
        power_w: null,
        voltage_v: null,
        current_a: null,
        yield_day_wh: null,
        yield_total_wh: 4_321_000,
        temperature_c: null,
        limit_pct: null,
        strings: [],
      },
    ]);
  });

  it("a fresh backfill leaves each inverter's and string's last modelled reading (the evening before)", () => {
    t = makeHistory();
    const { h } = t;
    const config = gatewayDefaults(1);
    // 01:30 local: the last production was yesterday afternoon (Germany in late November).
    const now = at("2026-11-27", "01:30");
    // The fleet's lifetime counters per string (Wh), as the simulated gateway passes them (sim.ts).
    const totals = (serial: string) => (serial === first ? [400_000, 512_446] : null);
    const first = BigInt(config.inverters[0]?.serial ?? 0).toString(16);
    expect(backfill(h, config, now, 2, totals)).toBeGreaterThan(0);
    const last = lastKnown(h.db).inverters;
    expect(last.length).toBe(config.inverters.filter((i) => i.serial).length);
    for (const inv of last) {
      expect(inv.t * 1000).toBeGreaterThan(at("2026-11-26", "14:00"));
      expect(inv.t * 1000).toBeLessThan(at("2026-11-26", "18:00"));
      expect(inv.power_w).toBeGreaterThan(0);
      expect(inv.yield_day_wh).toBeGreaterThan(100);
      // The lifetime counter is the fleet's, not the model's: without it, none.
      expect(inv.yield_total_wh).toBe(inv.serial === first ? 912_446 : null);
      expect(inv.strings.length).toBeGreaterThan(0);
      if (inv.serial === first) expect(inv.strings.map((x) => x.yield_total_wh)).toEqual([400_000, 512_446]);
      for (const st of inv.strings) expect(st).toMatchObject({ t: inv.t, power_w: expect.any(Number) });
    }
  });

  it("reads raw and base by their primary keys, never a scan of them", () => {
    t = makeHistory();
    const plan = (t.h.db.prepare(`EXPLAIN QUERY PLAN ${LAST_SQL}`).all() as { detail: string }[]).map(
      (r) => r.detail,
    );
    // raw (aliased r, and in the MAX subquery) and base (b); only the small series table is walked.
    const searches = plan.filter((d) => d.startsWith("SEARCH"));
    expect(searches.map((d) => d.split(" ")[1])).toEqual(["r", "raw", "b"]);
    for (const d of searches) expect(d).toMatch(/^SEARCH \w+ USING (INTEGER )?PRIMARY KEY \(/);
    expect(plan.filter((d) => d.startsWith("SCAN"))).toEqual([expect.stringMatching(/^SCAN s\b/)]);
  });

  it("is served as /api/history/last from the read worker, with the read rule; 404 without history", async () => {
    t = makeHistory();
    const { h } = t;
    h.recorder.record(at("2026-11-25", "16:45"), [reading("1164a", 3, 912_446, 1874)]);
    const route = (history: typeof h | null) => {
      const r = historyHandlers({ current: () => history, problem: () => null }).find(
        (x) => x.name === "last",
      );
      if (!r) throw new Error("no /api/history/last");
      return r;
    };
    /** A reply that keeps what the handler sends. */
    const replyOf = () => {
      const sent = { code: 0, body: "" };
      const reply = {
        code: (c: number) => ((sent.code = c), reply),
        header: () => reply,
        send: (b: unknown) => ((sent.body = String(b)), reply),
      };
      return { sent, reply: reply as unknown as FastifyReply };
    };
    expect(route(h)).toMatchObject({ path: "/api/history/last", auth: "read" });
    const ok = replyOf();
    await route(h).handle(new URLSearchParams(), ok.reply);
    expect(ok.sent.code).toBe(200);
    expect((JSON.parse(ok.sent.body) as HistoryLast).inverters[0]?.yield_total_wh).toBe(912_446);
    const none = replyOf();
    await route(null).handle(new URLSearchParams(), none.reply);
    expect(none.sent.code).toBe(404);
  });
});
