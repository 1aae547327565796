/**
 * Issue 11 journeys against the real gateway: a restore that cannot destroy by accident, a firmware file refused
 * before upload, and form rules reported all at once at the field. Every refusal is checked by counting requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startHarness, trackPosts, type Harness } from "./harness";

const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const file = (name: string, text: string | Buffer) => ({
  name,
  mimeType: "application/octet-stream",
  buffer: Buffer.isBuffer(text) ? text : Buffer.from(text),
});

describe("restore", { timeout: 90_000 }, () => {
  it("refuses junk and foreign files with the reason, summarises a real backup, sends nothing on Cancel", async () => {
    const page = await h.openPage("/settings/config", { loggedIn: true });
    const posts = trackPosts(page);
    const input = page.getByLabel("Backup file (.json)");
    const restore = page.getByRole("button", { name: "Restore", exact: true });
    await restore.waitFor();

    const refusals: [string, string, string][] = [
      ["backup.json", "not json {{{", "“backup.json” was not sent: it is not valid JSON."],
      ["config.json", '{"hello":"world"}', "it is not a config.json."],
      ["profiles.json", '[{"name":"board"}]', "it is a pin_mapping.json: choose that under “Restore as”."],
    ];
    for (const [name, text, message] of refusals) {
      await input.setInputFiles(file(name, text));
      // profiles.json is guessed as config.json: the content tells otherwise.
      await restore.click();
      await page.getByRole("alert").filter({ hasText: message }).waitFor();
    }

    const backup = await (
      await fetch(`${h.baseUrl}/api/config/get`, { headers: { Authorization: AUTH } })
    ).text();
    const cfg = JSON.parse(backup) as { wifi: { hostname: string; ssid: string } };
    cfg.wifi.hostname = "Backup-Host";
    cfg.wifi.ssid = "Backup-WiFi";
    await input.setInputFiles(file("config.json", JSON.stringify(cfg)));
    await restore.click();
    const dialog = page.getByRole("dialog", { name: "Restore config.json?" });
    await dialog.waitFor();
    const row = (label: string) => dialog.getByRole("row", { name: new RegExp(`^${label}`) });
    expect(await row("Host name").locator("td").allTextContents()).toEqual(["Backup-Host", "OpenDTU-%06X"]);
    expect(await row("Network name").locator("td").first().textContent()).toBe("Backup-WiFi");
    expect(await row("DTU serial number").locator("td").first().textContent()).toMatch(/^1999801\d{5}$/);
    await h.screenshot(page, "safety-restore-summary-en-1280");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("a new action on the page clears the other card's notice: restore refusal ↔ failed factory reset", async () => {
    const page = await h.openPage("/settings/config", { loggedIn: true });
    // The reset must fail without resetting the shared gateway: its POST is answered here.
    await page.route("**/api/config/delete", (r) => r.fulfill({ status: 500, body: "Storage failing" }));
    const refusal = page.getByRole("alert").filter({ hasText: "it is not valid JSON" });
    const resetError = page.getByRole("alert").filter({ hasText: "Storage failing" });
    await page.getByLabel("Backup file (.json)").setInputFiles(file("backup.json", "not json"));
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await refusal.waitFor();

    await page.getByRole("button", { name: "Factory reset" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await resetError.waitFor();
    expect(await refusal.count()).toBe(0);

    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await refusal.waitFor();
    expect(await resetError.count()).toBe(0);
    await page.close();
  });

  it("says why in German", async () => {
    const page = await h.openPage("/settings/config", { loggedIn: true, locale: "de" });
    const posts = trackPosts(page);
    await page.getByLabel("Sicherungsdatei (.json)").setInputFiles(file("config.json", '{"hello":"world"}'));
    await page.getByRole("button", { name: "Wiederherstellen", exact: true }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "„config.json“ wurde nicht gesendet: keine config.json." })
      .waitFor();
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });
});

describe("firmware", () => {
  it("refuses a file that is not an ESP32 image before upload, then summarises a real one", async () => {
    const page = await h.openPage("/firmware/upgrade", { loggedIn: true });
    const posts = trackPosts(page);
    const input = page.getByLabel("Firmware file");
    await input.setInputFiles(file("opendtu.bin", '{"not": "an image"}'));
    await page
      .getByRole("alert")
      .filter({ hasText: "“opendtu.bin” is not an ESP32 firmware image;" })
      .waitFor();
    const image = Buffer.alloc(4096, 0x11);
    image[0] = 0xe9;
    await input.setInputFiles(file("opendtu.bin", image));
    await page.getByText("Ready to upload").waitFor();
    expect(await page.getByText("4,096 bytes").count()).toBe(1);
    expect(await page.getByText(/^[0-9a-f]{32}$/).count()).toBe(1);
    await page.getByRole("button", { name: "Back" }).click();
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });
});

describe("forms report every rule at once", () => {
  it("MQTT: host, base topic and LWT topic marked together, the first focused, nothing sent", async () => {
    const page = await h.openPage("/settings/mqtt", { loggedIn: true });
    const posts = trackPosts(page);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field("Enable MQTT").check();
    await field("Host name or IP address").fill("");
    await field("Base topic").fill("solar");
    await field("Topic").fill("dtu status");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "mqtt_hostname");
    for (const label of ["Host name or IP address", "Base topic", "Topic"])
      expect(await field(label).getAttribute("aria-invalid"), label).toBe("true");
    const texts = await page.locator(".invalid-feedback").allTextContents();
    expect(texts).toEqual(["Please enter a value.", "Must end with a slash (/).", "No spaces, please."]);
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("inverters: a serial already configured is refused; one of no known model is explained", async () => {
    const list = (await (
      await fetch(`${h.baseUrl}/api/inverter/list`, { headers: { Authorization: AUTH } })
    ).json()) as { inverter: { serial: string }[] };
    const taken = list.inverter[0]?.serial ?? "";
    expect(taken).not.toBe("");
    const page = await h.openPage("/settings/inverter", { loggedIn: true });
    const posts = trackPosts(page);
    const serial = page.getByLabel("Serial number", { exact: true });
    await serial.fill("999999999999");
    await page.getByText("No known model has this serial").waitFor();
    await serial.fill(taken);
    await page.getByLabel("Name", { exact: true }).first().fill("Twice");
    await page.getByRole("button", { name: "Add" }).click();
    await page
      .locator(".invalid-feedback", { hasText: "This serial number is already configured." })
      .waitFor();
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });
});
