/**
 * What a new owner trips on (issue 34), on the gateway build at phone width (375 px), in English and German:
 * - §7: right after a start at night the overview of several devices counts no never-read inverter as answering;
 * - the overview's figures and the live view's last-known total stay legible at 375 px (one line each; the marked
 *   total takes the whole row);
 * - §12: by day, the History screen's day leaves out the 5-minute slot still being recorded;
 * - §14: a delivery server's answer text (here echoing the webhook secret in base64) never reaches a visitor's
 *   Alerts screen;
 * - §6: after a far move of the location, the Alerts screen and Settings > Alerts say the shares are learned anew.
 * The gateways' clocks are set (night, day) and run at real speed from there.
 */
import { createServer, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryPower } from "@dtu/api/history";
import { connectBrowser } from "./browser";
import { ADMIN, copyWebRoot, startHarness, type Harness } from "./harness";

const LOCALES = ["en", "de"] as const;
/** 02:00 CEST on 21 June at the default location (central Germany): every inverter asleep. */
const NIGHT = Date.UTC(2026, 5, 21, 0, 0, 0);
/** 12:02:30 CEST the same day: the sun high, half way through a 5-minute slot. */
const DAY = Date.UTC(2026, 5, 21, 10, 2, 30);
/** A clock running at real speed from `from`; `skip(ms)` moves it on (only while no page watches). */
const running = (from: number) => {
  const t0 = Date.now();
  let skipped = 0;
  return { now: () => from + skipped + (Date.now() - t0), skip: (ms: number) => void (skipped += ms) };
};

type Box = { x: number; y: number; width: number; height: number };
const boxes = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

/** The parts of src/multi/devices.ts used here (imported by a variable path, as e2e/devices.e2e.ts does). */
type CreateDevicesHost = (opts: {
  specs: { name: string; target: "sim" }[];
  dataDir: string;
  history?: object;
  sim: { webRoot: string; clock: { now(): number }; tickMs?: number };
}) => Promise<{ server: Server; close(): Promise<void> }>;

describe("several devices, right after a start at night", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let base = "";
  let browser: Browser;

  beforeAll(async () => {
    const web = await copyWebRoot("gateway");
    const dir = await mkdtemp(join(tmpdir(), "dtu-e2e-owner-"));
    cleanups.push(
      () => rm(dir, { recursive: true, force: true }),
      () => rm(web, { recursive: true, force: true }),
    );
    const devicesModule = "../apps/gateway/src/multi/devices.ts";
    const { createDevicesHost } = (await import(devicesModule)) as { createDevicesHost: CreateDevicesHost };
    const host = await createDevicesHost({
      specs: [
        { name: "roof", target: "sim" },
        { name: "garage", target: "sim" },
      ],
      dataDir: dir,
      history: {},
      sim: { webRoot: web, clock: running(NIGHT), tickMs: 100 },
    });
    cleanups.push(() => host.close());
    await new Promise<void>((done) => host.server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
    browser = await connectBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it.each(LOCALES)(
    "%s: no inverter counts as answering before it was read; the figures one a line",
    async (locale) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      try {
        await context.addInitScript((l) => localStorage.setItem("locale", l), locale);
        const page = await context.newPage();
        await page.goto(`${base}/`, { waitUntil: "load" });
        const card = page.locator("section.card", { has: page.locator("[data-inverters]") }).first();
        await card.waitFor();
        // Never read since the start (the DTU polls nobody at night): 0 producing, 0 answering, 2 in all.
        expect(await card.locator("[data-inverters]").textContent()).toBe("0 / 0 / 2");
        expect(await card.locator("[data-unread]").textContent()).toBe(
          locale === "en"
            ? "Not read since the DTU started: 2 of 2 inverters"
            : "Seit dem Start der DTU nicht gelesen: 2 von 2 Wechselrichtern",
        );
        // Each figure on a line of its own, as wide as the card: stacked, not three narrow columns.
        const figures = await boxes(page, "[data-total] [data-figures] > div");
        expect(figures).toHaveLength(3);
        const [a, b, c] = figures as [Box, Box, Box];
        expect(b.y).toBeGreaterThan(a.y);
        expect(c.y).toBeGreaterThan(b.y);
        expect(a.width).toBeGreaterThan(250);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await context.close();
      }
    },
  );
});

describe("one device at night", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ build: "gateway", history: {}, clock: running(NIGHT) });
  }, 120_000);
  afterAll(async () => h?.close());

  it.each(LOCALES)(
    "%s: the last-known total takes the phone's whole row, the other two the next",
    async (locale) => {
      const page = await h.openPage("/", { locale, width: 375 });
      const mark = locale === "en" ? "last known" : "zuletzt bekannt";
      await page.locator("main .card", { hasText: mark }).first().waitFor();
      const cards = await boxes(page, "main .row-cols-3 > *");
      const [total, today, power] = cards as [Box, Box, Box];
      expect(total.width).toBeGreaterThan(300);
      expect(today.y).toBeGreaterThan(total.y);
      expect(power.y).toBe(today.y);
      expect(today.width).toBeGreaterThan(140);
      // The note is two lines at most, not a column of five.
      const note = page.locator("main .card small", { hasText: mark });
      const lineHeight = await note.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
      expect((await note.boundingBox())?.height ?? 0).toBeLessThanOrEqual(2 * lineHeight + 1);
      h.assertClean(page);
      await page.close();
    },
  );
});

describe("one device by day", () => {
  let h: Harness;
  const clock = running(DAY);
  let sink: Server;
  let sinkUrl = "";
  const SECRET = "hook-secret-0815";
  const echoed = Buffer.from(SECRET).toString("base64");

  beforeAll(async () => {
    h = await startHarness({
      build: "gateway",
      history: {},
      alerts: { tickMs: 3600_000 },
      clock,
    });
    // A webhook server that refuses and echoes the secret it got, base64-encoded, in its answer.
    sink = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.statusCode = 500;
        res.end(`refused, your secret was ${echoed}`);
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => sink?.close(r));
  });

  it.each(LOCALES)("%s: the History day ends with the last finished 5-minute slot", async (locale) => {
    const page = await h.openPage("/history", { locale, width: 375 });
    const day = "2026-06-21";
    await page.locator("#history-date").fill(day);
    await page.locator("main summary").click();
    const rows = page.locator("[data-history-table] tbody tr");
    await expect.poll(() => rows.count()).toBeGreaterThan(100);
    // 12:02:30 plus the seconds of the run: the slot of 12:00 is being recorded, the day's values end at 11:55
    // (the rows after it are the day's rest, "–").
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.children[0]?.textContent ?? "", tr.children[1]?.textContent ?? ""]),
    );
    expect(cells.filter(([, total]) => total !== "–").pop()?.[0]).toBe("11:55");
    const body = (await (await fetch(`${h.baseUrl}/api/history/power?date=${day}`)).json()) as HistoryPower;
    const newest = body.total.filter(([, w]) => w !== null).pop()?.[1];
    // A whole slot: about what the fleet makes now, not the half a partial slot would show.
    const live = (await (await fetch(`${h.baseUrl}/api/livedata/status`)).json()) as {
      total: { Power: { v: number } };
    };
    expect(newest ?? 0).toBeGreaterThan(live.total.Power.v * 0.7);
    h.assertClean(page);
    await page.close();
  });

  it("de: a delivery server's answer text never reaches a visitor's Alerts screen (issue 34 §14)", async () => {
    const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`;
    const data = { channels: { webhook: { enabled: true, url: sinkUrl, secret: SECRET } } };
    const saved = await fetch(`${h.baseUrl}/api/alerts/config`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: `data=${encodeURIComponent(JSON.stringify(data))}`,
    });
    expect(((await saved.json()) as { type: string }).type).toBe("success");
    const app = h.gatewayApp();
    await app.alerts?.tick();
    expect(app.gateway.fleet.faults.event("116482345678", 141)).toBe(true);
    // The fleet polls its inverters on its own timer: the entry shows within a poll cycle, then its delivery fails.
    const visitorList = async () => (await fetch(`${h.baseUrl}/api/alerts`)).text();
    await expect
      .poll(
        async () => {
          await app.alerts?.tick();
          return visitorList();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(/"channel":"webhook","at":\d+,"ok":false/);
    expect(await visitorList()).not.toContain(echoed);
    const page = await h.openPage("/alerts", { locale: "de", width: 375 });
    const item = page.locator("main .list-group-item").first();
    await expect.poll(() => item.textContent()).toMatch(/Webhook: fehlgeschlagen/);
    const text = (await item.textContent()) ?? "";
    expect(text).not.toContain(echoed);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("refused, your secret");
    h.assertClean(page);
    await page.close();
  });

  it("en, de: after a far move of the location, both alert screens say the usual shares are learned anew (issue 34 §6)", async () => {
    // Three days on (a real day recorded), the owner moves the location from Germany to Spain.
    clock.skip(3 * 86_400_000);
    const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`;
    const ntp = {
      ntp_server: "pool.ntp.org",
      ntp_timezone: "CET-1CEST,M3.5.0,M10.5.0/3",
      ntp_timezone_descr: "Europe/Berlin",
      latitude: 40.42,
      longitude: -3.7,
      sunsettype: 1,
    };
    const moved = await fetch(`${h.baseUrl}/api/ntp/config`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: `data=${encodeURIComponent(JSON.stringify(ntp))}`,
    });
    expect(((await moved.json()) as { type: string }).type).toBe("success");
    await expect
      .poll(async () => {
        clock.skip(10_000); // the alerts look at the place every 10 s of the gateway's clock
        return ((await (await fetch(`${h.baseUrl}/api/alerts`)).json()) as { learning: unknown }).learning;
      })
      .toMatchObject({ days: 0, of: 3 });
    const words = {
      en: /^Weak strings: the location moved far on .+, so the usual share of each string is learned anew: 0 of 3 days\./,
      de: /^Schwache Strings: Der Standort wurde am .+ weit verlegt, daher wird .*: 0 von 3 Tagen\./,
    };
    for (const locale of LOCALES) {
      for (const path of ["/alerts", "/settings/alerts"]) {
        const page = await h.openPage(path, { locale, width: 375, loggedIn: true });
        const note = page.getByTestId("alerts-learning");
        await note.waitFor();
        expect(await note.textContent(), `${locale} ${path}`).toMatch(words[locale]);
        h.assertClean(page);
        await page.close();
      }
    }
  });
});
