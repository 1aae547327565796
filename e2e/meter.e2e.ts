/**
 * The household meter's screens on the gateway build (issue 31 §5), against the gateway with its default meter, the
 * simulated house: the energy-flow card on the live view (import while the house is held at a high load, a meter
 * that refuses the connection in words, never as 0) and Settings > Meter (the fields, a refusal at its field, the
 * password write-only, "Read now" against a JSON meter on loopback and a path that finds nothing); axe, en/de/fr,
 * light/dark, 375 px. History's meter curves need the recording (another branch): component tests cover them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MeterConfigPost, MeterConfigView, SimHouseResult } from "@dtu/api/meter";
import { deviceApi } from "./deviceApi";
import { startHarness, type Harness } from "./harness";

describe("meter screens", () => {
  let h: Harness;
  let meter: Server;
  let meterUrl = "";
  let api: ReturnType<typeof deviceApi>;

  beforeAll(async () => {
    h = await startHarness({ build: "gateway", meter: true });
    api = deviceApi(() => h.baseUrl);
    // A meter of any make answering JSON (the "HTTP JSON" kind).
    meter = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ em: { power: 412.5 }, state: "on" }));
    });
    await new Promise<void>((resolve) => meter.listen(0, "127.0.0.1", resolve));
    meterUrl = `http://127.0.0.1:${(meter.address() as AddressInfo).port}/status`;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => meter?.close(r));
  });

  it("shows the energy flow above the inverters: the house held at 50 kW draws from the grid", async () => {
    const held = await api<SimHouseResult>("/api/sim/house", { load_w: 50_000 });
    expect(held.load_w).toBe(50_000);
    const page = await h.openPage("/", { loggedIn: true });
    const card = page.locator("section[data-energy-flow]");
    await card.waitFor();
    await expect.poll(() => card.getAttribute("data-meter-state")).toBe("ok");
    await expect.poll(() => card.textContent()).toContain("importing");
    await page.getByRole("img", { name: /^From the grid to the home: [\d,]+ W$/ }).waitFor();
    expect(await card.locator("[data-arrow]").nth(1).getAttribute("data-arrow")).toBe("left");
    // Above the inverters: the card comes before the first inverter's panel in the page.
    const before = await page.evaluate(() => {
      const flow = document.querySelector("section[data-energy-flow]");
      const inverter = document.querySelector("main .tab-content, main section.card:not([data-energy-flow])");
      return (
        !!flow && !!inverter && !!(flow.compareDocumentPosition(inverter) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    });
    expect(before).toBe(true);
    await h.screenshot(page, "meter-flow-1280");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("says in words when the meter refuses the connection, in German dark at 375 px, and shows no grid value", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const body: MeterConfigPost = { kind: "http", url: `http://127.0.0.1:${port}/`, path: "power" };
    expect((await api<{ type: string }>("/api/meter/config", body)).type).toBe("success");
    const page = await h.openPage("/", { loggedIn: true, locale: "de", theme: "dark", width: 375 });
    const card = page.locator("section[data-energy-flow]");
    await card.waitFor();
    await expect
      .poll(() => card.locator("[data-meter-note]").textContent())
      .toContain("der Zähler hat die Verbindung abgelehnt");
    expect(await card.getByRole("img", { name: "Netz: –" }).count()).toBe(1);
    await h.screenshot(page, "meter-flow-error-de-dark-375");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("Settings > Meter: the fields, a refusal at its field, the password write-only, Read now", async () => {
    // The refusal is a 400 answer, which the browser logs.
    const page = await h.openPage("/settings/meter", { loggedIn: true, allowConsole: [/status of 400/] });
    await page.locator("main h1", { hasText: "Meter" }).waitFor();
    await page.getByLabel("Kind").selectOption("http");
    const url = page.getByLabel("Address");
    await url.fill("ftp://127.0.0.1/x");
    await page.getByRole("button", { name: "Save" }).click();
    // The gateway names the field: the text is at the field, in the app's words for its code.
    await expect.poll(() => url.getAttribute("aria-invalid")).toBe("true");
    await expect
      .poll(() => page.locator(".invalid-feedback").first().textContent())
      .toMatch(/^The address must/);

    await url.fill(meterUrl);
    await page.getByLabel("Path of the power", { exact: true }).fill("em.power");
    await page.getByLabel("Password", { exact: true }).fill("meter-secret-7");
    await page.getByRole("button", { name: "Read now" }).click();
    await page.locator("[data-read-now=true]", { hasText: "Found: 412.5 W" }).waitFor();
    await page.getByLabel("Path of the power", { exact: true }).fill("state");
    await page.getByRole("button", { name: "Read now" }).click();
    await page.locator("[data-read-now=false]", { hasText: "not a number" }).waitFor();
    await page.getByLabel("Path of the power", { exact: true }).fill("em.power");

    await page.getByRole("button", { name: "Save" }).click();
    await page.locator(".alert-success", { hasText: "Meter settings saved." }).waitFor();
    await expect.poll(() => page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    await page.getByText("A password is set; type a new one to replace it.").waitFor();
    expect(await page.content()).not.toContain("meter-secret-7");
    const stored = await api<MeterConfigView>("/api/meter/config");
    expect(stored).toMatchObject({ kind: "http", url: meterUrl, path: "em.power", password_set: true });
    expect(JSON.stringify(stored)).not.toContain("meter-secret-7");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("Settings > Meter in French dark at 375 px, in the Settings menu, without sideways scrolling", async () => {
    const page = await h.openPage("/", { loggedIn: true, locale: "fr", theme: "dark" });
    await page.locator("section[data-energy-flow]").waitFor();
    // The card shows the JSON meter saved above.
    await expect.poll(() => page.locator("section[data-energy-flow]").textContent()).toContain("soutirage");
    const link = page.locator('#main-nav a[href$="settings/meter"]');
    expect(await link.textContent()).toBe("Compteur");
    await page
      .locator("#main-nav li.dropdown", { has: page.locator('a[href$="settings/meter"]') })
      .locator("button.dropdown-toggle")
      .click();
    await link.click();
    await page.locator("main h1", { hasText: "Compteur" }).waitFor();
    await page.getByRole("button", { name: "Lire maintenant" }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    const wider = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(wider).toBeLessThanOrEqual(0);
    await h.screenshot(page, "meter-settings-fr-dark-375");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });
});
