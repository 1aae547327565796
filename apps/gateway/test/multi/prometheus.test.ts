/**
 * "Beyond one machine" (README, issue 24 §6): a real Prometheus (Debian's `prometheus`) scraping a gateway's
 * `/api/prometheus/metrics` gives the same daily energy as the gateway's history API. Skipped only outside CI, like
 * mosquitto (helpers/requires.ts).
 *
 * Time: Prometheus stamps samples with its own (real) clock, the gateway runs on an injected one. The gateway's
 * clock is walked through one whole June day in steps of at most an hour (the fleet integrates those, src/fleet/
 * README.md) between two still moments that Prometheus scrapes: the evening before (inverters asleep with their
 * evening totals) and the night after. The rise of the lifetime counter between them is that day's energy.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HistoryEnergy } from "@dtu/api/history";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import { createFleet } from "../../src/fleet/index.ts";
import { freePort } from "../helpers/ports.ts";
import { prometheusMissing as missing, startPrometheus, type TestPrometheus } from "../helpers/prometheus.ts";
import { skipUnlessAvailable } from "../helpers/requires.ts";
import {} from "./helpers.ts";

/** Local midnight of 2026-06-21 in CEST (the default zone), the day under test. */
const DAY = "2026-06-21";
const MIDNIGHT = Date.UTC(2026, 5, 20, 22, 0, 0);
const HOUR = 3_600_000;

describe.skipIf(skipUnlessAvailable(missing))(
  `Prometheus scraping the gateway${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let dir: string;
    let app: GatewayApp;
    let prometheus: TestPrometheus | undefined;
    const clock = { t: MIDNIGHT - 6 * HOUR, now: () => clock.t };
    let ticks = 0;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "dtu-prom-"));
      // Prometheus first: it takes a few seconds to discover its targets, meanwhile the gateway starts.
      const gwPort = await freePort();
      prometheus = await startPrometheus(dir, gwPort);
      app = await buildApp({
        dataDir: join(dir, "gw"),
        webRoot: join(dir, "no-web"),
        clock,
        tickMs: 5,
        history: {},
        // The real fleet, its ticks counted (walk below).
        createFleet: async (deps) => {
          const fleet = await createFleet({ ...deps, offline: [] });
          const tick = fleet.tick.bind(fleet);
          fleet.tick = () => {
            tick();
            ticks++;
          };
          return fleet;
        },
      });
      await app.listen({ port: gwPort, host: "127.0.0.1" });
      await vi.waitUntil(
        async () => ((await fetch(`${prometheus?.url}/-/ready`).catch(() => null))?.ok ? true : undefined),
        { timeout: 20_000, interval: 25 },
      );
    }, 30_000);
    afterAll(async () => {
      prometheus?.stop();
      await app?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const query = (promql: string, time?: number): Promise<number> =>
      prometheus?.query(promql, time) ?? Promise.resolve(Number.NaN);
    /**
     * Waits until Prometheus holds a scrape taken after this moment (real time); returns that scrape's time as
     * Prometheus stamped it (s), the instant the totals are then read at.
     */
    const scrapedAfter = async (realMs: number): Promise<number> =>
      vi.waitUntil(
        async () => {
          const stamped = await query("timestamp(opendtu_uptime)");
          return stamped * 1000 > realMs + 50 ? stamped : undefined;
        },
        { timeout: 10_000, interval: 25 },
      );
    /**
     * Walks the gateway's clock to `until` in steps of 10 minutes, each seen by a tick of the gateway (fleet, then
     * history, in one timer callback): on a busy machine two steps in one tick would be one longer gap in the history.
     */
    const walk = async (until: number): Promise<void> => {
      while (clock.t < until) {
        const seen = ticks;
        clock.t = Math.min(until, clock.t + 10 * 60_000);
        await vi.waitUntil(async () => (ticks > seen ? true : undefined), { timeout: 5000, interval: 2 });
      }
    };

    it("gives the same daily energy as /api/history/energy", async () => {
      // The evening before: the inverters are read, then fall asleep with their evening totals.
      // Each total is read at the instant of a scrape taken while the gateway's clock stood still, named by the
      // time Prometheus stamped it: no range reaching back past that scrape (into the afternoon of the first walk)
      // and no instant taken from this process's clock instead of Prometheus's.
      const total = (at: number): Promise<number> =>
        query(`sum(opendtu_YieldTotal{type="AC",channel="0"})`, at);
      await walk(MIDNIGHT - 10 * 60_000);
      const evening = await total(await scrapedAfter(Date.now()));
      await walk(MIDNIGHT + 24 * HOUR + 10 * 60_000);
      const night = await total(await scrapedAfter(Date.now()));
      const kwh = night - evening;
      const res = await fetch(
        `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/history/energy?from=${DAY}&to=${DAY}&interval=day`,
      );
      const energy = (await res.json()) as HistoryEnergy;
      const wh = energy.rows[0]?.total ?? Number.NaN;
      expect(wh).toBeGreaterThan(1000);
      // The counters have three decimals in kWh: 1 Wh per inverter at most.
      expect(Math.abs(kwh * 1000 - wh)).toBeLessThanOrEqual(2);
    }, 30_000);
  },
);
