import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { ADMIN, startHarness, type Harness } from "./harness";

const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`;
const UPSTREAM = "https://api.github.com/**";

describe("info screens show the gateway's data", () => {
  let h: Harness;
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${h.baseUrl}${path}`, { headers: { Authorization: AUTH } });
    return (await res.json()) as T;
  };
  /** The value cell of the row labelled `label` in the first table that has it. */
  const cell = (scope: Page | Locator, label: string) => {
    // `has` is matched inside each row, so it must be a page-rooted locator.
    const root = "goto" in scope ? scope : scope.page();
    return scope
      .locator("tr", { has: root.locator("th", { hasText: new RegExp(`^${label}$`) }) })
      .first()
      .locator("td");
  };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("system: hostname, uptime, memory, radio; offline update check gives the grey badge", async () => {
    // The machine has no internet: the failed request to the compare API is expected in the console.
    const page = await h.openPage("/info/system", { allowConsole: [/api\.github\.com|ERR_|Failed to load/] });
    const s = await api<{ hostname: string; uptime: number; heap_total: number; git_hash: string }>(
      "/api/system/status",
    );
    await expect.poll(() => cell(page, "Host name").textContent()).toBe(s.hostname);
    expect(await cell(page, "Uptime").textContent()).toMatch(/^\d+ d \d+ h \d+ min$/);
    expect(await cell(page, "Firmware version").locator("a").textContent()).toBe(s.git_hash);
    const heap = page.locator("tr", { has: page.locator("th", { hasText: "Heap" }) }).first();
    expect(await heap.locator("td").last().textContent()).toBe(`${Math.round(s.heap_total / 1024)} kB`);
    expect(await heap.getByRole("progressbar").getAttribute("aria-valuenow")).toMatch(/^\d+$/);
    await expect
      .poll(() => cell(page, "Updates").textContent(), { timeout: 15000 })
      .toBe("Version check failed");
    expect(await cell(page, "Updates").locator(".badge").getAttribute("class")).toContain(
      "text-bg-secondary",
    );
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("system: red new-version badge linking to the comparison, green when current", async () => {
    await h.context.route(UPSTREAM, (r) =>
      r.fulfill({ json: { total_commits: 42, html_url: "https://github.com/example/compare/abc...HEAD" } }),
    );
    const page = await h.openPage("/info/system");
    const link = cell(page, "Updates").locator("a");
    await expect.poll(() => link.textContent()).toBe("New version (42 commits ahead)");
    expect(await link.getAttribute("href")).toBe("https://github.com/example/compare/abc...HEAD");
    expect(await link.getAttribute("class")).toContain("text-bg-danger");

    await h.context.unroute(UPSTREAM);
    await h.context.route(UPSTREAM, (r) => r.fulfill({ json: { total_commits: 0, html_url: "https://x" } }));
    await page.reload();
    await expect.poll(() => cell(page, "Updates").textContent()).toBe("Up to date");
    expect(await cell(page, "Updates").locator(".badge").getAttribute("class")).toContain("text-bg-success");
    await h.context.unroute(UPSTREAM);
    h.assertClean(page);
    await page.close();
  });

  it("network: interface values and signal quality", async () => {
    const page = await h.openPage("/info/network", { locale: "de" });
    const n = await api<{ network_ip: string; network_mode: string; sta_rssi: number; network_mac: string }>(
      "/api/network/status",
    );
    // The card title translates the device's mode word ("Station" is shown as "WLAN-Station" in German).
    const mode = n.network_mode === "Station" ? "WLAN-Station" : n.network_mode;
    await page.getByRole("heading", { name: `Schnittstelle: ${mode}` }).waitFor();
    expect(await cell(page, "IP-Adresse").first().textContent()).toBe(n.network_ip);
    expect(await cell(page, "MAC-Adresse").first().textContent()).toBe(n.network_mac);
    const q = n.sta_rssi <= -100 ? 0 : n.sta_rssi >= -50 ? 100 : 2 * (n.sta_rssi + 100);
    expect(await cell(page, "Signalqualität").textContent()).toBe(`${q} %`);
    h.assertClean(page);
    await page.close();
  });

  it("ntp: server, sunrise and the day/night badge", async () => {
    const page = await h.openPage("/info/ntp", { locale: "fr", theme: "dark", width: 375 });
    const n = await api<{ ntp_server: string; sun_risetime: string; sun_isSunsetAvailable: boolean }>(
      "/api/ntp/status",
    );
    await expect.poll(() => cell(page, "Serveur").textContent()).toBe(n.ntp_server);
    // The device's English date is shown in the chosen language; the wall-clock time stays the same.
    const rise = await cell(page, "Lever du soleil").textContent();
    if (n.sun_isSunsetAvailable) {
      expect(rise).toContain(n.sun_risetime.slice(-8));
      // French medium date with a four-digit year, e.g. "22 nov. 2026, 07:41:00".
      expect(rise).toMatch(/^\d{1,2} \S+ \d{4}/);
    } else expect(rise).toBe("Non disponible");
    expect(await cell(page, "Période").textContent()).toMatch(/^(Jour|Nuit)$/);
    await h.screenshot(page, "info-ntp-fr-dark-375");
    h.assertClean(page);
    await page.close();
  });

  it("mqtt: disabled badge, no certificate rows without TLS", async () => {
    const page = await h.openPage("/info/mqtt");
    const broker = page.locator("section", { has: page.getByRole("heading", { name: "Broker" }) });
    await expect.poll(() => cell(broker, "Status").textContent()).toBe("Disabled");
    expect(await page.getByText("Root CA certificate").count()).toBe(0);
    expect(await page.getByText("Client certificate").count()).toBe(0);
    const runtime = page.locator("section", { has: page.getByRole("heading", { name: "Connection" }) });
    expect(await cell(runtime, "Status").textContent()).toBe("Disconnected");
    h.assertClean(page);
    await page.close();
  });

  it("console: lines arrive with a time prefix; clear empties the log", async () => {
    const page = await h.openPage("/info/console");
    const log = page.getByRole("textbox", { name: "Device log" });
    await log.waitFor();
    // Our own connect line shows that the socket is up before the save is triggered.
    await expect.poll(() => log.inputValue()).toMatch(/Websocket: \[\/console\]\[\d+\] connect/);
    const body = new FormData();
    body.append("data", JSON.stringify({ password: ADMIN.password, allow_readonly: true }));
    await fetch(`${h.baseUrl}/api/security/config`, {
      method: "POST",
      headers: { Authorization: AUTH },
      body,
    });
    await expect.poll(() => log.inputValue()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} > Config saved$/m);
    for (const line of (await log.inputValue()).split("\n").filter(Boolean)) {
      expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} > \S/);
    }
    expect(await page.getByRole("switch", { name: "Follow new lines" }).isChecked()).toBe(true);
    await h.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.baseUrl });
    const shown = await log.inputValue();
    await page.getByRole("button", { name: "Copy" }).click();
    await page.locator(".toast", { hasText: "Log copied to the clipboard." }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(shown.trim());
    await page.getByRole("button", { name: "Clear" }).click();
    // The fleet logs every poll, so new lines may arrive right after the click (they did on a busy machine); none
    // of the lines shown before may be left. Each line has a millisecond time stamp, so lines do not repeat.
    const before = new Set(shown.split("\n").filter(Boolean));
    expect((await log.inputValue()).split("\n").filter((l) => before.has(l))).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("about: four sections, origin open with four paragraphs", async () => {
    const page = await h.openPage("/about", { locale: "de" });
    const buttons = page.locator(".accordion-button");
    expect(await buttons.count()).toBe(4);
    expect(await page.locator(".accordion-collapse.show p").count()).toBe(4);
    await buttons.nth(2).click();
    expect(await page.locator(".accordion-collapse.show a[href^='https://']").count()).toBe(1);
    h.assertClean(page);
    await page.close();
  });
});
