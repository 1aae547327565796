/**
 * Inverter states, stale values and honest totals (issue 13) against the real gateway: polling off, model unknown,
 * asleep and "polling off: night" in the simulated night (the inverters sleep without sunlight), a restart at night
 * (values never read are dashes, nothing red; also through a proxy in front of the gateway), a restart by day with
 * not-yet-read inverters, an inverter that never answers turning red by day (issue 25), a 31-character name at 1280
 * and 375 px, the decoded grid profile. "Gateway gone" is played by the browser's network layer (socket and GET cut).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { deviceApi } from "./deviceApi";
import { startHarness, WEB_ROOT, type Harness } from "./harness";

const proxyModule = "../apps/gateway/src/proxy/app.ts";

const LONG = "Carport west string A+B (2024)!"; // 31 characters, the device's maximum
const HM = "114182123401";
const HMS = "114412345602";
const HMT = "138212345603";
const NO_MODEL = "999912345604"; // prefix 9999 matches no model (API.md §4.1)
const OFFLINE = "116412345605"; // an HM that never answers (the gateway's --offline), added by the last test
/** The proxy app (apps/gateway/src/proxy/app.ts), imported by a variable path like the gateway in harness.ts. */
type BuildProxyApp = (opts: {
  device: string;
  webRoot?: string;
}) => Promise<{ listen(o: { port: number; host: string }): Promise<string>; close(): Promise<unknown> }>;

type Inv = { id: number; serial: string; name: string; poll_enable: boolean } & Record<string, unknown>;

/**
 * The gateway's host clock runs ahead of the machine's by `ahead` ms: the tests move it on by poll intervals instead
 * of waiting for them, and its fleet ticks every TICK_MS, so a move takes effect within that.
 */
const host = { ahead: 0 };
const TICK_MS = 100;

describe("live view: states, stale values, totals", () => {
  let h: Harness;

  const api = deviceApi(() => h.baseUrl);
  const list = async () => (await api<{ inverter: Inv[] }>("/api/inverter/list")).inverter;
  const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
  const totals = (page: Page) =>
    // The totals' note (the panels have a details of their own: the tables of a never-read inverter).
    page.locator("details.small", { hasText: /inverters|Wechselrichter|onduleurs/ }).locator("summary");
  const panelOf = (page: Page, name: string) =>
    page.locator("section.card", { has: page.getByRole("heading", { name }) });
  /** Red anywhere but in the colour legend (which lists every state): a tab badge or a panel header. */
  const red = (page: Page) => page.locator(".card-header.text-bg-danger, [role=tab] .text-bg-danger").count();

  /** Device clock to June 21 at `hour` (12: the fleet produces whatever the machine's time; 1: night), §3.18. */
  const setTime = async (hour: number, day = 21) =>
    expect(
      (
        await api<{ code: number }>("/api/ntp/time", {
          year: 2026,
          month: 6,
          day,
          hour,
          minute: 0,
          second: 0,
        })
      ).code,
    ).toBe(9010);
  const setPoll = async (pollinterval: number) => {
    const dtu = await api<Record<string, unknown>>("/api/dtu/config");
    expect((await api<{ type: string }>("/api/dtu/config", { ...dtu, pollinterval })).type).toBe("success");
  };
  const edit = async (serial: string, patch: Partial<Inv>) => {
    const inv = (await list()).find((i) => i.serial === serial) as Inv;
    expect((await api<{ code: number }>("/api/inverter/edit", { ...inv, ...patch })).code).toBe(4007);
  };
  type Live = { inverters: { reachable: boolean; limit_relative: number }[] };
  /**
   * Moves the gateway's clock on by `stepMs` at a time, each move followed by one fleet tick, until the live data
   * satisfies `done` (bounded: 60 moves). Only while no page watches: see the restart test.
   */
  const advanceUntil = async (what: string, stepMs: number, done: (live: Live) => boolean) => {
    for (let i = 0; i < 60; i++) {
      if (done(await api<Live>("/api/livedata/status"))) return;
      host.ahead += stepMs;
      await new Promise((r) => setTimeout(r, TICK_MS));
    }
    throw new Error(`${what}: not within 60 steps of ${stepMs} ms`);
  };
  /** Every inverter with a known model reachable (or every one unreachable), the clock moved on by poll cycles. */
  const untilReachable = (want: boolean) =>
    advanceUntil(want ? "reachable" : "unreachable", 2000, (live) =>
      live.inverters.every((x) => x.reachable === want),
    );

  beforeAll(async () => {
    h = await startHarness({
      offline: [OFFLINE],
      clock: { now: () => Date.now() + host.ahead },
      tickMs: TICK_MS,
    });
    await setTime(12);
    // Slow polling: after a restart the last of three inverters is read only after about 24 s.
    await setPoll(8);
    for (const inv of await list()) await api("/api/inverter/del", { id: inv.id });
    for (const [serial, name] of [
      [HM, "Garage"],
      [HMS, LONG],
      [HMT, "Barn"],
      [NO_MODEL, "Mystery"],
    ]) {
      expect((await api<{ code: number }>("/api/inverter/add", { serial, name })).code).toBe(4004);
    }
    // The lowest threshold the inverter form allows (SEED §8: 1–100): unreachable after two failed polls, so that
    // the night tests wait less.
    for (const serial of [HM, HMS, HMT]) await edit(serial, { reachable_threshold: 1 });
    // Every known-model inverter read once: one poll slot (8 s) per move of the clock.
    await advanceUntil(
      "all read",
      8000,
      (live) => live.inverters.filter((x) => x.limit_relative > 0).length === 3,
    );
  });

  afterAll(async () => {
    await h?.close();
  });

  it("polling off: the state in words, last-seen values, the totals say who is left out", async () => {
    await edit(HMT, { poll_enable: false });
    const page = await h.openPage("/", { loggedIn: true });
    await tab(page, "Barn").waitFor();
    expect(await tab(page, "Barn").textContent()).toContain("Polling off");
    await tab(page, "Barn").click();
    const panel = page.locator("section.card", { has: page.getByRole("heading", { name: "Barn" }) });
    await panel.getByText(/^Last seen .+ \(.+ ago\)$/).waitFor();
    // By day (API.md §4.8) polling off can only be the inverter's own setting.
    await panel.getByText("Polling off: inverter setting", { exact: true }).waitFor();
    expect(await panel.locator(".row.stale").count()).toBe(1);
    await expect.poll(() => totals(page).textContent()).toBe("Totals cover 2 of 3 inverters");
    await totals(page).click();
    await page.getByRole("listitem").filter({ hasText: "Barn: Polling off" }).waitFor();
    // A serial no model matches: listed for the admin, never queried.
    expect(await tab(page, "Mystery").textContent()).toContain("Model unknown");
    await tab(page, "Mystery").click();
    await page.getByText("No model matches this serial: the DTU never queries it.").waitFor();
    await h.screenshot(page, "live-states-off-en-1280");
    await edit(HMT, { poll_enable: true });
    h.assertClean(page);
    await page.close();
  });

  it("night: asleep since the last contact, grey, muted values, 'polling off: night', totals note", async () => {
    // Barn is not polled at night; the others are, but sleep without sunlight and stop answering (src/fleet).
    await edit(HMT, { poll_enable_night: false });
    await setPoll(1);
    await setTime(1, 22);
    await untilReachable(false);
    const page = await h.openPage("/");
    await tab(page, "Garage").waitFor();
    await expect.poll(() => tab(page, "Garage").textContent()).toContain("Asleep (sun down)");
    await tab(page, "Garage").click();
    const panel = panelOf(page, "Garage");
    // The simulated device's sunrise on June 22 at 51° N, 10° E with the nautical sunset type (API.md §4.8).
    await panel.getByText(/^Asleep \(sun down\) — expected back around \d/).waitFor();
    await panel.getByText(/^Last seen .+ \(.+ ago\)$/).waitFor();
    expect(await panel.locator(".card-header.text-bg-secondary").count()).toBe(1);
    expect(await panel.locator(".row.stale").count()).toBe(1);
    expect(await red(page)).toBe(0);
    await tab(page, "Barn").click();
    await page.getByText("Polling off: night", { exact: true }).waitFor();
    await expect.poll(() => totals(page).textContent()).toBe("Totals cover 0 of 3 inverters");
    await h.screenshot(page, "live-states-night-en-1280");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("a restart at night: nothing read is a dash, nothing is red, in de/fr, both themes, a phone and a proxy", async () => {
    // The device's own reboot (Maintenance > Reboot, API.md §8.6) keeps the night of the previous test.
    const since = h.reboots();
    expect((await api<{ code: number }>("/api/maintenance/reboot", { reboot: true })).code).toBe(6001);
    await h.waitForReboot(since);
    // Not read yet for the first polls, then asleep once the failures pass the threshold: no red and no zero in
    // either phase, so the checks do not wait for the second.
    const page = await h.openPage("/", { locale: "de", theme: "dark", width: 375 });
    await tab(page, "Garage").waitFor();
    expect(await tab(page, "Garage").textContent()).toContain("— W · — Wh");
    await tab(page, "Garage").click();
    const panel = panelOf(page, "Garage");
    await panel.getByText(/^Keine Antwort seit dem Start der DTU um \d\d:\d\d$/).waitFor();
    await panel.getByText(/^Seit dem Start der DTU um \d\d:\d\d noch nicht gelesen\.$/).waitFor();
    expect(await panel.getByText(/^Zuletzt gesehen/).count()).toBe(0);
    const values = await panel.locator("td.text-end").allTextContents();
    expect(values.length).toBeGreaterThan(3);
    expect(new Set(values)).toEqual(new Set(["—"]));
    expect(await page.locator(".row-cols-3 .card-body").allTextContents()).toEqual(["— kWh", "— Wh", "— W"]);
    await expect
      .poll(() => totals(page).textContent())
      .toBe("Unvollständig: 0 von 3 Wechselrichtern seit dem Start gelesen");
    expect(await red(page)).toBe(0);
    await expect.poll(() => tab(page, "Garage").textContent()).toContain("Schläft (Sonne untergegangen)");
    await panel
      .getByText(/^Schläft \(Sonne untergegangen\) – zurück voraussichtlich gegen \d\d:\d\d$/)
      .waitFor();
    expect(await red(page)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await h.screenshot(page, "live-states-restart-night-de-dark-375");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
    // The same through the proxy of `--device` mode in front of the gateway (issue 8), in French.
    const { buildProxyApp } = (await import(proxyModule)) as { buildProxyApp: BuildProxyApp };
    const proxy = await buildProxyApp({ device: h.baseUrl, webRoot: WEB_ROOT });
    try {
      const url = (await proxy.listen({ port: 0, host: "127.0.0.1" })).replace("0.0.0.0", "127.0.0.1");
      const fr = await h.openPage(`${url}/`, { locale: "fr" });
      await expect.poll(() => tab(fr, "Garage").textContent()).toContain("En veille (soleil couché)");
      await tab(fr, "Garage").click();
      await panelOf(fr, "Garage")
        .getByText(/^En veille \(soleil couché\) — retour prévu vers \d\d:\d\d$/)
        .waitFor();
      await panelOf(fr, "Garage")
        .getByText(/^Aucune réponse depuis le démarrage de la DTU à \d/)
        .waitFor();
      expect(await red(fr)).toBe(0);
      await h.screenshot(fr, "live-states-restart-night-proxy-fr-1280");
      await h.axe(fr);
      h.assertClean(fr);
      await fr.close();
    } finally {
      await proxy.close();
    }
    // Morning again for the other tests.
    await edit(HMT, { poll_enable_night: true });
    await setTime(12);
    await untilReachable(true);
    await setPoll(8);
  });

  it("gateway gone: the whole page muted with the time of its values", async () => {
    const page = await h.openPage("/", { locale: "de", theme: "dark" });
    let cut = false;
    const sockets: { close: () => Promise<void> }[] = [];
    await page.routeWebSocket(/\/livedata$/, (ws) => {
      if (cut) return void ws.close();
      ws.connectToServer();
      sockets.push(ws);
    });
    await page.route(/\/api\/livedata\/status$/, (route) => (cut ? route.abort() : route.continue()));
    await page.reload();
    await tab(page, "Garage").waitFor();
    cut = true;
    for (const ws of sockets) await ws.close();
    const banner = page.getByRole("alert").filter({ hasText: "Verbindung zum Gerät unterbrochen" });
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toMatch(/Die angezeigten Werte sind von \d\d:\d\d:\d\d\./);
    expect(await page.locator("div.stale", { has: page.getByRole("tablist") }).count()).toBe(1);
    await h.screenshot(page, "live-states-lost-de-dark-1280");
    await page.close();
  });

  it("31-character name: the list keeps its width, the name stays available; totals small on a phone", async () => {
    for (const width of [1280, 375]) {
      const page = await h.openPage("/", { width, locale: "fr" });
      const t = tab(page, "Carport");
      await t.waitFor();
      expect(await t.locator("[title]").first().getAttribute("title")).toBe(LONG);
      const list = (await page.getByRole("tablist").boundingBox()) as { width: number };
      const totalsBox = (await page.locator(".row-cols-3").boundingBox()) as { height: number };
      if (width === 1280) expect(list.width).toBeLessThanOrEqual(15 * 16 + 40);
      else expect(totalsBox.height).toBeLessThanOrEqual(667 / 3);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await t.click();
      await h.screenshot(page, `live-states-longname-fr-${width}`);
      await page.close();
    }
  });

  it("grid profile in words: named sections, bytes behind a toggle", async () => {
    const page = await h.openPage("/");
    await tab(page, "Garage").click();
    await page.getByRole("button", { name: "Grid profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Grid profile: Garage" });
    await dialog.getByText("XX - EN 50549-1:2019 (version 2.0.1)").waitFor();
    for (const s of ["Voltage protection", "Frequency protection", "Reconnection", "Fixed power factor"]) {
      await dialog.locator("caption", { hasText: s }).waitFor();
    }
    const nominal = dialog.locator("tr", { has: page.getByRole("rowheader", { name: "Nominal voltage" }) });
    expect(await nominal.locator("td").allTextContents()).toEqual(["230", "V"]);
    // A signed item: the volt-var curve's Q4 is negative.
    const q4 = dialog.locator("tr", {
      has: page.getByRole("rowheader", { name: "Reactive power point Q4" }),
    });
    expect(await q4.locator("td").allTextContents()).toEqual(["-44", "%Pn"]);
    expect(await dialog.locator("pre").isVisible()).toBe(false);
    await dialog.getByText("Bytes (hex)").click();
    expect(await dialog.locator("pre").textContent()).toMatch(/^0A 00 20 01 00 0A/);
    await h.screenshot(page, "live-states-grid-en-1280");
    await h.axe(page);
    await page.close();
  });

  it("a restart by day: totals incomplete until each inverter that answers was read; one that never does turns red", async () => {
    // In real time: the web app dates the restart and the reads with its own clock, so the gateway's clock is not
    // moved on while a page watches it. After the restart the last of four inverters is polled after about 8 s;
    // Shed never answers (--offline) and turns red after two failed polls (threshold 1 as the others, beforeAll).
    await setPoll(2);
    expect((await api<{ code: number }>("/api/inverter/add", { serial: OFFLINE, name: "Shed" })).code).toBe(
      4004,
    );
    await edit(OFFLINE, { reachable_threshold: 1 });
    const page = await h.openPage("/", { theme: "dark" });
    await tab(page, "Garage").waitFor();
    await h.restart();
    // The restarted gateway has no time yet: noon again before its first poll (2 s), so that the inverters answer
    // whatever the machine's time (ages follow the uptime, not the clock).
    await setTime(12);
    await expect
      .poll(() => totals(page).textContent(), { timeout: 30_000 })
      .toMatch(/^Incomplete: [0-2] of 4 inverters read since the start$/);
    expect(await page.locator(".row-cols-3.stale").count()).toBe(1);
    await h.screenshot(page, "live-states-restart-en-dark-1280");
    await expect
      .poll(() => totals(page).textContent(), { timeout: 60_000 })
      .toBe("Incomplete: 3 of 4 inverters read since the start");
    // Not read yet (blue) for its first polls, then red once its failures pass the threshold (API.md §4.4).
    await expect.poll(() => tab(page, "Shed").textContent(), { timeout: 30_000 }).toContain("Not answering");
    await tab(page, "Shed").click();
    const panel = panelOf(page, "Shed");
    expect(await panel.locator(".card-header.text-bg-danger").count()).toBe(1);
    await panel.getByText(/^Not heard from since the DTU started at \d/).waitFor();
    await panel.getByText(/^Not read since the DTU started at \d/).waitFor();
    expect(await panel.getByText("Limit — %").count()).toBe(1);
    expect(new Set(await panel.locator("td.text-end").allTextContents())).toEqual(new Set(["—"]));
    await h.screenshot(page, "live-states-offline-en-dark-1280");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });
});
