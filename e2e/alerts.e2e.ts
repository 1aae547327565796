/**
 * The alert screens on the gateway build (issue 23 §4, §2 browser channel): Settings > Alerts saves, shows the
 * gateway's refusal at its field (worded by its code) and keeps secrets write-only, "Send a test" reaches a webhook sink on loopback; an
 * alert raised by the simulator (an inverter event-log entry, fleet faults) comes as a toast on an open page, counts
 * in the menu badge and shows on the Alerts screen and in its inverter's live panel; axe in en and de dark at 375 px.
 * One gateway, its clock by day (the rules watch only while the sun is up), evaluation driven by `alerts.tick()`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertConfigView } from "@dtu/api/alerts";
import { deviceApi } from "./deviceApi";
import { startHarness, type Harness } from "./harness";

const HMS = "116482345678";
const HM = "114182123456";
// Late morning in June at the default location: every inverter answers, the sun is high.
const START = Date.parse("2026-06-15T09:00:00Z");

describe("alert screens", () => {
  let h: Harness;
  let sink: Server;
  let sinkUrl = "";
  const bodies: string[] = [];

  beforeAll(async () => {
    const t0 = Date.now();
    h = await startHarness({
      build: "gateway",
      alerts: { tickMs: 3600_000 },
      clock: { now: () => START + (Date.now() - t0) },
    });
    sink = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        bodies.push(body);
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => sink?.close(r));
  });

  it("saves the settings, shows a refusal at its field, keeps the secret write-only and sends a test", async () => {
    const page = await h.openPage("/settings/alerts", { loggedIn: true });
    await page.locator("main h1", { hasText: "Alert settings" }).waitFor();
    await page.locator('input[name="channels.webhook.enabled"]').check();
    const url = page.locator('input[name="channels.webhook.url"]');
    await url.fill("ftp://127.0.0.1/hook");
    await page.getByRole("button", { name: "Save" }).click();
    // The gateway refuses the scheme and names the field: the text is at the field, which has the focus.
    await expect.poll(() => url.getAttribute("aria-invalid")).toBe("true");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("channels.webhook.url");
    // In the app's own words for the gateway's code (url_scheme), not the gateway's English message.
    expect(await page.locator(".invalid-feedback").first().textContent()).toBe(
      "The address must start with http://, https://.",
    );

    await url.fill(sinkUrl);
    await page.locator('input[name="channels.webhook.secret"]').fill("sink-secret-42");
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator(".alert-success").waitFor();
    // Reloaded: the secret is not shown, only that one is stored, with the way to remove it.
    const secret = page.locator('input[name="channels.webhook.secret"]');
    await expect.poll(() => secret.inputValue()).toBe("");
    await page.getByText("A value is stored. Leave empty to keep it.").waitFor();
    await page.locator('input[name="channels.webhook.secret.clear"]').waitFor();
    expect(await page.content()).not.toContain("sink-secret-42");

    await page.getByRole("button", { name: "Send a test" }).click();
    await page.getByTestId("test-results").getByText("Webhook: delivered").waitFor();
    expect(bodies.some((b) => (JSON.parse(b) as { event: string }).event === "test")).toBe(true);
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("shows a raised alert as a toast, in the badge, on the Alerts screen and in its inverter's panel", async () => {
    // Read-only access off: the stream must carry the page's credentials (a browser EventSource could not).
    const security = (
      h.gatewayApp().gateway as unknown as { config: { security: { allow_readonly: boolean } } }
    ).config.security;
    security.allow_readonly = false;
    const page = await h.openPage("/", { loggedIn: true });
    await page.locator("main .card").first().waitFor();
    // The page holds the stream before anything is raised.
    await expect.poll(() => page.locator("#main-nav").getByRole("link", { name: "Alerts" }).count()).toBe(1);
    const app = h.gatewayApp();
    // A first look learns each inverter's log as it is; the entry added after it is new.
    await app.alerts?.tick();
    expect(app.gateway.fleet.faults.event(HMS, 141)).toBe(true);
    // The fleet polls its inverters on its own timer: the new entry shows in their data within a poll cycle.
    for (let i = 0; i < 40 && !(await page.locator(".toast").count()); i++) {
      await app.alerts?.tick();
      await new Promise((r) => setTimeout(r, 500));
    }
    const toast = page.locator(".toast", { hasText: "Alert:" });
    await toast.waitFor();
    // The gateway's title in the alert language: the inverter's name and the log entry's text.
    expect(await toast.textContent()).toBe("Alert: House roof: Grid: Grid overvoltage");
    await expect.poll(() => page.getByTestId("open-alerts").textContent()).toContain("1");
    // The inverter's tab shows its open alert at the top of its panel, under the header (issue 34 §5).
    await page.getByRole("tab", { name: /House roof/ }).click();
    await page.locator("main .alert-warning", { hasText: "Open alert" }).first().waitFor();
    const panel = page.locator("section.card", { has: page.getByRole("heading", { name: "House roof" }) });
    expect(await panel.locator(".card-body > *").first().textContent()).toMatch(/^Open alert/);

    await page
      .locator("#main-nav")
      .getByRole("link", { name: /^Alerts/ })
      .click();
    await page.locator("main h1", { hasText: "Alerts" }).waitFor();
    const item = page.locator("main .list-group-item").first();
    await item.waitFor();
    expect(await item.textContent()).toContain("Info");
    expect(await item.textContent()).toContain("House roof: Grid: Grid overvoltage");
    // Delivered on the webhook and the browser channel (this page is open).
    await expect.poll(() => item.textContent()).toMatch(/Webhook: sent/);
    await h.axe(page);
    await item.getByRole("button", { name: "Acknowledge" }).click();
    await item.getByText("Acknowledged").waitFor();
    h.assertClean(page);
    security.allow_readonly = true;
    await page.close();
  });

  it("words alerts on screen in the page's language; the alert language is for what is sent out (issue 34 §3, §4)", async () => {
    const api = deviceApi(() => h.baseUrl);
    const config = await api<AlertConfigView>("/api/alerts/config");
    const webhook = { ...config.channels.webhook, enabled: true, url: sinkUrl };
    await api("/api/alerts/config", { ...config, language: "de", channels: { ...config.channels, webhook } });
    const page = await h.openPage("/", { loggedIn: true });
    await page.locator("main .card").first().waitFor();
    await expect.poll(() => page.locator("#main-nav").getByRole("link", { name: "Alerts" }).count()).toBe(1);
    const app = h.gatewayApp();
    const fleet = app.gateway.fleet as unknown as {
      faults: { failCommands(serial: string, on: boolean): boolean };
      setLimit(serial: string, value: number, type: number): unknown;
    };
    const sent = bodies.length;
    fleet.faults.failCommands(HM, true);
    fleet.setLimit(HM, 50, 1);
    // Failure alternates with Pending while the DTU re-sends (API.md §3.7): evaluate until one is seen.
    const raised = page.locator(".toast", { hasText: "Alert:" });
    for (let i = 0; i < 60 && !(await raised.count()); i++) {
      await app.alerts?.tick();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await raised.textContent()).toMatch(/^Alert: .+: limit command failed$/);
    // Sent out in the alert language.
    await expect
      .poll(() => bodies.slice(sent).map((b) => (JSON.parse(b) as { title: string }).title))
      .toEqual([expect.stringMatching(/: Befehl \(Limit\) fehlgeschlagen$/)]);
    // The Alerts screen, open alerts: worded in English too, its detail as well.
    await page
      .locator("#main-nav")
      .getByRole("link", { name: /^Alerts/ })
      .click();
    const item = page.locator("main .list-group-item", { hasText: "limit command failed" }).first();
    await item.waitFor();
    expect(await item.textContent()).toContain("The inverter did not acknowledge the limit command");
    fleet.faults.failCommands(HM, false);
    const resolved = page.locator(".toast", { hasText: "Resolved:" });
    for (let i = 0; i < 60 && !(await resolved.count()); i++) {
      await app.alerts?.tick();
      await new Promise((r) => setTimeout(r, 250));
    }
    // One prefix, the page's: not "Resolved: Behoben: …".
    expect(await resolved.textContent()).toMatch(/^Resolved: .+: limit command failed$/);
    h.assertClean(page);
    await api("/api/alerts/config", config);
    await page.close();
  });

  it("passes axe in German, dark, at phone width", async () => {
    const page = await h.openPage("/alerts", { locale: "de", theme: "dark", width: 375, loggedIn: true });
    await page.locator("main h1", { hasText: "Alarme" }).waitFor();
    await page.locator("main .list-group-item").first().waitFor();
    await h.screenshot(page, "alerts-de-dark-375");
    await h.axe(page);
    const settings = await h.openPage("/settings/alerts", {
      locale: "de",
      theme: "dark",
      width: 375,
      loggedIn: true,
    });
    await settings.locator("main h1", { hasText: "Alarm-Einstellungen" }).waitFor();
    await settings.locator('input[name="rules.inverter_silent.minutes"]').waitFor();
    await h.screenshot(settings, "alert-settings-de-dark-375");
    await h.axe(settings);
    h.assertClean(page);
    h.assertClean(settings);
    await page.close();
    await settings.close();
  });
});
