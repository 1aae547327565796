/**
 * Live view against the real gateway (issue 4): updates, limit and power commands, reconnect after a reboot,
 * 10 inverters × 6 strings (tabs, and the table view at phone width), the five dialogs, a hostile inverter name
 * shown as text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN, startHarness, type Harness } from "./harness";

const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`;
const XSS = "<img src=x onerror=alert(1)>";
/** HMT-6CH serials (API.md §4.1: prefix 1382), 6 strings each. */
const serials = Array.from({ length: 10 }, (_, i) => `1382123456${String(i).padStart(2, "0")}`);
const ROOF = serials[0] as string;

describe("live view against the gateway", () => {
  let h: Harness;

  async function api<T>(path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { headers: { Authorization: AUTH, "X-Requested-With": "XMLHttpRequest" } };
    if (body !== undefined) {
      const form = new FormData();
      form.append("data", JSON.stringify(body));
      Object.assign(init, { method: "POST", body: form });
    }
    const res = await fetch(`${h.baseUrl}${path}`, init);
    return (await res.json()) as T;
  }

  /** Number shown in an en-locale cell ("1,234.5" → 1234.5). */
  const num = (s: string | null) => Number((s ?? "").replace(/,/g, ""));
  const totalPower = (page: Page) =>
    page.locator(".card", { has: page.locator(".card-header", { hasText: /^Total power$/ }) }).locator("p");
  const panel = (page: Page, name: string) =>
    page.locator("section.card", { has: page.getByRole("heading", { name, exact: true }) });
  /** AC power of the shown panel of `name`. */
  const acPower = (page: Page, name: string) =>
    panel(page, name)
      .locator(".card", { has: page.locator(".card-header", { hasText: /^AC$/ }) })
      .locator("tr", { has: page.locator("th", { hasText: /^Power$/ }) })
      .locator("td")
      .first();

  /** Adds an inverter and puts every configured one in slot order (a reused slot keeps an old `order`, §3.9). */
  async function addInverter(serial: string, name: string): Promise<void> {
    expect((await api<{ code: number }>("/api/inverter/add", { serial, name })).code).toBe(4004);
    const list = await api<{ inverter: { id: number }[] }>("/api/inverter/list");
    const order = list.inverter.map((i) => i.id);
    expect((await api<{ code: number }>("/api/inverter/order", { order })).code).toBe(4009);
  }
  const roofTab = (page: Page) => page.getByRole("tab", { name: /(^| )Roof( |$)/ });

  beforeAll(async () => {
    h = await startHarness();
    // A June noon on the device clock so the fleet produces whatever the machine's time (API.md §3.18).
    const t = await api<{ code: number }>("/api/ntp/time", {
      year: 2026,
      month: 6,
      day: 21,
      hour: 12,
      minute: 0,
      second: 0,
    });
    expect(t.code).toBe(9010);
    // Poll every second so each of the inverters is read about every few seconds.
    const dtu = await api<Record<string, unknown>>("/api/dtu/config");
    expect((await api<{ type: string }>("/api/dtu/config", { ...dtu, pollinterval: 1 })).type).toBe(
      "success",
    );
    // Replace the gateway's two default inverters by ours.
    const list = await api<{ inverter: { id: number }[] }>("/api/inverter/list");
    for (const inv of list.inverter) {
      expect((await api<{ code: number }>("/api/inverter/del", { id: inv.id })).code).toBe(4008);
    }
    await addInverter(ROOF, "Roof");
    await addInverter(serials[1] as string, XSS);
  });

  afterAll(async () => {
    await h?.close();
  });

  it("shows totals and panels and the values change over time", async () => {
    const page = await h.openPage("/");
    await roofTab(page).waitFor();
    expect(await page.getByRole("tab").count()).toBe(2);
    expect(await page.getByRole("tab").first().getAttribute("aria-selected")).toBe("true");
    const first = await totalPower(page).textContent();
    await expect.poll(() => totalPower(page).textContent(), { timeout: 30_000 }).not.toBe(first);
    await expect.poll(() => acPower(page, "Roof").textContent(), { timeout: 30_000 }).toMatch(/^[\d,]+\.\d$/);
    // Polled: on a busy machine a late push can mark the values not current for a moment ("last seen" then).
    await expect
      .poll(() =>
        panel(page, "Roof")
          .getByText(/^Data age \d+ s$/)
          .count(),
      )
      .toBe(1);
    await h.screenshot(page, "live-en-1280");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("shows a hostile inverter name as text, runs nothing", async () => {
    const page = await h.openPage("/", { locale: "de", theme: "dark", width: 375 });
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    const tab = page.getByRole("tab", { name: XSS });
    await tab.waitFor();
    await tab.click();
    await page.getByRole("heading", { name: XSS, exact: true }).waitFor();
    // No element was made from the name anywhere in the document, so nothing can run later; a dialog opened while
    // rendering would block the page's next frame until dismissed, so after one frame it is counted.
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    expect(dialogs).toBe(0);
    await h.screenshot(page, "live-de-dark-375");
    h.assertClean(page);
    await page.close();
  });

  it("opens the info, grid profile and event log dialogs with the gateway's data", async () => {
    // Device info and grid profile arrive after the first readings (API.md §3.5, §3.6).
    await expect
      .poll(async () => (await api<{ valid_data?: boolean }>(`/api/devinfo/status?inv=${ROOF}`)).valid_data, {
        timeout: 30_000,
      })
      .toBe(true);
    const info = await api<{ hw_model_name: string; fw_build_version: number }>(
      `/api/devinfo/status?inv=${ROOF}`,
    );
    const page = await h.openPage("/");
    const roof = panel(page, "Roof");
    await roof.waitFor();

    await roof.getByRole("button", { name: "Info" }).click();
    let dialog = page.getByRole("dialog", { name: "Inverter info: Roof" });
    await dialog.waitFor();
    const row = (label: string) =>
      dialog.locator("tr", { has: page.locator("th", { hasText: new RegExp(`^${label}$`) }) }).locator("td");
    await expect.poll(() => row("Model").textContent()).toBe(info.hw_model_name);
    const v = info.fw_build_version;
    expect(await row("Firmware version").textContent()).toBe(
      `${Math.floor(v / 10000)}.${Math.floor(v / 100) % 100}.${v % 100}`,
    );
    // 138212345600: 5th hex digit 1 → 2015, week digits "23" (API.md §7 #21).
    expect(await row("Production year").textContent()).toBe("2015");
    expect(await row("Production week").textContent()).toBe("23");
    await h.axe(page);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });

    const grid = await api<{ raw: number[] }>(`/api/gridprofile/status?inv=${ROOF}`);
    await roof.getByRole("button", { name: "Grid profile" }).click();
    dialog = page.getByRole("dialog", { name: "Grid profile: Roof" });
    await dialog.waitFor();
    if (grid.raw.some((b) => b !== 0)) {
      const hex = grid.raw
        .slice(0, 16)
        .map((b) => b.toString(16).toUpperCase().padStart(2, "0"))
        .join(" ");
      await expect.poll(() => dialog.locator("pre").textContent()).toContain(hex);
    } else {
      await dialog.getByText("No information available yet.").waitFor();
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const log = await api<{ count: number; events: { message: string }[] }>(
      `/api/eventlog/status?inv=${ROOF}&locale=en`,
    );
    await roof.getByRole("button", { name: /^Events/ }).click();
    dialog = page.getByRole("dialog", { name: "Event log: Roof" });
    await dialog.waitFor();
    await dialog.getByText(/^\d+ entr(y|ies)$/).waitFor();
    if (log.count > 0) {
      await dialog
        .getByText(log.events[0]?.message ?? "", { exact: true })
        .first()
        .waitFor();
      expect(await dialog.locator("tbody tr").first().locator("td").first().textContent()).toMatch(
        /^\d\d:\d\d:\d\d$/,
      );
    }
    await page.keyboard.press("Escape");
    h.assertClean(page);
    await page.close();
  });

  it("disables limit and power when logged out", async () => {
    const page = await h.openPage("/");
    const roof = panel(page, "Roof");
    await roof.waitFor();
    expect(await roof.getByRole("button", { name: "Limit" }).isDisabled()).toBe(true);
    expect(await roof.getByRole("button", { name: "Power" }).isDisabled()).toBe(true);
    expect(await roof.getByRole("button", { name: "Info" }).isDisabled()).toBe(false);
    await page.close();
  });

  it("sets a limit: Pending → Ok, and the output follows", async () => {
    const page = await h.openPage("/", { loggedIn: true });
    const roof = panel(page, "Roof");
    await roof.waitFor();
    await roof.getByRole("button", { name: "Limit" }).click();
    const dialog = page.getByRole("dialog", { name: "Power limit: Roof" });
    await dialog.getByText("Ok", { exact: true }).waitFor();
    await h.axe(page);
    const value = dialog.getByLabel("New limit");
    await value.fill("1");
    await dialog.getByRole("button", { name: "Set limit" }).click();
    await dialog.getByText("Enter a value from 2 to 100 %.").waitFor();
    await value.fill("5");
    const statuses = new Set<string>();
    const watch = setInterval(() => {
      void api<Record<string, { limit_set_status: string }>>("/api/limit/status").then((s) => {
        const st = s[ROOF]?.limit_set_status;
        if (st) statuses.add(st);
      });
    }, 150);
    try {
      await dialog.getByRole("button", { name: "Set limit" }).click();
      await dialog.waitFor({ state: "detached" }); // success closes it
      await expect.poll(() => [...statuses], { timeout: 20_000 }).toContain("Pending");
      // The gateway may fail a command now and then and re-sends it (API.md §3.7): wait for the final Ok.
      await expect
        .poll(
          async () =>
            (await api<Record<string, { limit_set_status: string }>>("/api/limit/status"))[ROOF]
              ?.limit_set_status,
          {
            timeout: 40_000,
          },
        )
        .toBe("Ok");
    } finally {
      clearInterval(watch);
    }
    await roof.getByRole("button", { name: "Limit" }).click();
    await page.getByRole("dialog", { name: "Power limit: Roof" }).getByText("Ok", { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await expect
      .poll(() => roof.locator(".card-header").first().textContent(), { timeout: 30_000 })
      .toMatch(/\(5 %\)|Limit 5 %/);
    const max =
      (await api<Record<string, { max_power: number }>>("/api/limit/status"))[ROOF]?.max_power || 2250;
    // After the next reading of this inverter its AC power stays within 5 % of its maximum (plus rounding).
    await expect
      .poll(async () => num(await acPower(page, "Roof").textContent()), { timeout: 40_000 })
      .toBeLessThanOrEqual(max * 0.05 + 1);
    h.assertClean(page);
    await page.close();
  });

  it("turns the inverter off (not producing) and on again", async () => {
    const page = await h.openPage("/", { loggedIn: true });
    const roof = panel(page, "Roof");
    await roof.waitFor();
    await roof.getByRole("button", { name: "Power" }).click();
    const dialog = page.getByRole("dialog", { name: "Power: Roof" });
    await dialog.getByText("Ok", { exact: true }).waitFor();
    await h.axe(page);
    await dialog.getByRole("button", { name: "Turn off" }).click();
    await dialog.getByText(/Turn the inverter off\?/).waitFor();
    await dialog.getByRole("button", { name: "Turn off" }).click();
    await dialog.getByText("Settings saved!").or(dialog.locator(".alert-success")).first().waitFor();
    await expect.poll(() => dialog.locator(".badge").textContent(), { timeout: 40_000 }).toBe("Ok");
    await page.keyboard.press("Escape");
    const header = roof.locator(".card-header").first();
    await expect.poll(() => header.getAttribute("class"), { timeout: 40_000 }).toContain("text-bg-warning");
    // The state in words in the tab as well (issue 13).
    await expect.poll(() => page.getByRole("tab", { name: /Roof/ }).textContent()).toContain("Not producing");

    await roof.getByRole("button", { name: "Power" }).click();
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await expect.poll(() => dialog.locator(".badge").textContent(), { timeout: 40_000 }).toBe("Ok");
    await page.keyboard.press("Escape");
    await expect.poll(() => header.getAttribute("class"), { timeout: 40_000 }).toContain("text-bg-primary");
    h.assertClean(page);
    await page.close();
  });

  it("renders 10 inverters × 6 strings", async () => {
    for (const [i, serial] of serials.slice(2).entries()) {
      await addInverter(serial, `Garage ${i + 3}`);
    }
    const page = await h.openPage("/");
    await expect.poll(() => page.getByRole("tab").count(), { timeout: 20_000 }).toBe(10);
    let titles: string[] = [];
    for (const tab of await page.getByRole("tab").all()) {
      await tab.click();
      // One card for INV, one for AC, six for the strings (titles are the slot's string names or "String n").
      const cards = page.getByRole("tabpanel").locator("section.card .card-body .card");
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(8);
      titles = await cards.locator(".card-header").allTextContents();
      expect(titles.slice(0, 2)).toEqual(["Inverter", "AC"]);
      expect(titles.slice(2).every((t) => t.length > 0)).toBe(true);
    }
    // The last one sits in a never-used slot: no string names, so "String 1" … "String 6".
    expect(titles.slice(2)).toEqual(["String 1", "String 2", "String 3", "String 4", "String 5", "String 6"]);
    await h.screenshot(page, "live-10x6");
    h.assertClean(page);
    await page.close();
  });

  it("reconnects by itself after a reboot", async () => {
    // The socket errors while the gateway is down: those console messages are expected, and so is a request of
    // the device facts (system, sun) on a kept-alive connection the going-down gateway closed.
    const page = await h.openPage("/", {
      allowConsole: [/WebSocket|ERR_CONNECTION|ERR_SOCKET_NOT_CONNECTED|livedata/],
    });
    await roofTab(page).waitFor();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    expect((await api<{ code: number }>("/api/maintenance/reboot", { reboot: true })).code).toBe(6001);
    const banner = page.getByText(/^Connection to the device lost/);
    await banner.waitFor({ timeout: 15_000 });
    await banner.waitFor({ state: "detached", timeout: 40_000 });
    // Fresh data flows again: the total power keeps changing without a page reload.
    const before = await totalPower(page).textContent();
    await expect.poll(() => totalPower(page).textContent(), { timeout: 30_000 }).not.toBe(before);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    h.assertClean(page);
    await page.close();
  });

  it("shows every inverter and string in one table at phone width (fr, dark): sortable by keyboard, remembered", async () => {
    const page = await h.openPage("/", { locale: "fr", theme: "dark", width: 375 });
    await page.getByRole("button", { name: "Tableau" }).click();
    const table = page.locator(".table-responsive table");
    const rows = table.locator("tbody tr");
    // The 10 inverters of the test above, each followed by its 6 strings.
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(70);
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Nom",
      "État",
      "Puissance",
      "Production du jour",
      "Production totale",
      "Tension CC",
      "Limite",
      "Âge des données",
    ]);
    // The table scrolls inside its box, the page never sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.locator(".table-responsive").evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    const nameHead = table.getByRole("columnheader", { name: /^Nom/ });
    await nameHead.getByRole("button").focus();
    await page.keyboard.press("Enter");
    expect(await nameHead.getAttribute("aria-sort")).toBe("ascending");
    await page.keyboard.press("Enter");
    expect(await nameHead.getAttribute("aria-sort")).toBe("descending");
    const names = (await rows.locator("th").allTextContents()).filter((n) => !n.startsWith("↳"));
    // Numbers within names count as numbers: "Garage 10" above "Garage 9".
    expect(names).toEqual(["Roof", ...[10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Garage ${n}`), XSS]);
    await h.axe(page);
    await h.screenshot(page, "live-table-fr-dark-375");
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(70);
    expect(await page.getByRole("button", { name: "Tableau" }).getAttribute("aria-pressed")).toBe("true");
    h.assertClean(page);
    await page.close();
  });
});
