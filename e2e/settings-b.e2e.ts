/**
 * Settings part B against the real gateway: inverters, device manager, config management, firmware upgrade,
 * reboot (SEED §2, §4, §5, §8). One gateway for the whole file; each test sets up the state it needs itself, so
 * none depends on another having run before it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startHarness, type Harness } from "./harness";

const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`;
/** Requests refused while the simulated device restarts show up as console errors; they are expected here. */
const OUTAGE = [/net::ERR_/, /Failed to load resource/];
/** Board profiles of our own (fixtures/README.md): the suite needs nothing outside the repository. */
const FIXTURE = fileURLToPath(new URL("./fixtures/pin_mapping.json", import.meta.url));

let h: Harness;

async function api<T>(path: string, data?: unknown): Promise<T> {
  const init: RequestInit = { headers: { Authorization: AUTH } };
  if (data !== undefined) {
    const form = new FormData();
    form.append("data", JSON.stringify(data));
    Object.assign(init, { method: "POST", body: form });
  }
  const res = await fetch(h.baseUrl + path, init);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

interface Inv {
  id: number;
  name: string;
  order: number;
  serial: string;
  reachable_threshold: number;
  poll_enable: boolean;
  channel: { name: string; max_power: number; yield_total_offset: number }[];
}
const list = async () => (await api<{ inverter: Inv[] }>("/api/inverter/list")).inverter;
const namesInOrder = async () => [...(await list())].sort((a, b) => a.order - b.order).map((i) => i.name);

async function clearInverters(): Promise<void> {
  for (const inv of await list()) await api("/api/inverter/del", { id: inv.id });
}

/** A real restart: the gateway process state is built again from its data dir (harness restart). */
async function restartGateway(): Promise<void> {
  await h.restart();
}

async function uploadFile(name: string, body: Buffer | string): Promise<void> {
  const since = h.reboots();
  const form = new FormData();
  form.append("config", new Blob([typeof body === "string" ? body : new Uint8Array(body)]), "config");
  const res = await fetch(`${h.baseUrl}/api/config/upload?file=${name}`, {
    method: "POST",
    body: form,
    headers: { Authorization: AUTH },
  });
  expect(res.status).toBe(200);
  await h.waitForReboot(since);
}

function watchRequests(page: Page, part: string): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(part)) seen.push(r.url());
  });
  return seen;
}

describe("settings part B", () => {
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("inverter client rules refuse before anything is sent", async () => {
    await clearInverters();
    await api("/api/inverter/add", { serial: "114182123456", name: "Rule test" });
    const page = await h.openPage("/settings/inverter", { loggedIn: true });
    const adds = watchRequests(page, "/api/inverter/add");
    const edits = watchRequests(page, "/api/inverter/edit");
    await page.getByLabel("Serial number").fill("12ab");
    await page.getByLabel("Name", { exact: true }).fill("x".repeat(32));
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByText("Enter the serial number (digits only, not zero).").waitFor();
    await page.getByText("Enter a name of 1 to 31 characters.").waitFor();
    // The typed values stay.
    expect(await page.getByLabel("Serial number").inputValue()).toBe("12ab");

    await page.getByRole("button", { name: "Edit Rule test" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("tab", { name: "String" }).click();
    await h.screenshot(page, "settings-b-inverter-edit-string");
    await h.axe(page);
    await dialog.getByRole("tab", { name: "Advanced" }).click();
    await h.axe(page);
    await dialog.getByLabel("Reachable threshold").fill("0");
    await dialog.getByRole("tab", { name: "String" }).click();
    await dialog.getByLabel("Max power").first().fill("-5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Enter a number of at least 0.").waitFor();
    await dialog.getByLabel("Max power").first().fill("400");
    await dialog.getByRole("button", { name: "Save" }).click();
    // The String tab is fine now; the dialog jumps to the Advanced tab with the threshold problem.
    await dialog.getByText("Enter a whole number from 1 to 100.").waitFor();
    expect(await dialog.getByRole("tab", { name: "Advanced" }).getAttribute("aria-selected")).toBe("true");
    expect(adds).toEqual([]);
    expect(edits).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("adds, edits and deletes an inverter; the changes survive a gateway restart", async () => {
    await clearInverters();
    const page = await h.openPage("/settings/inverter", { loggedIn: true, allowConsole: OUTAGE });
    await page.getByLabel("Serial number").fill("116182345678");
    await page.getByLabel("Name", { exact: true }).fill("Garage");
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByText("Inverter added.", { exact: true }).waitFor();
    await page.getByRole("cell", { name: "Garage", exact: true }).waitFor();
    expect(await page.getByLabel("Serial number").inputValue()).toBe("");

    await page.getByRole("button", { name: "Edit Garage" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill("Garage west");
    await dialog.getByRole("tab", { name: "String" }).click();
    await dialog.getByLabel("Name").first().fill("West roof");
    await dialog.getByLabel("Max power").first().fill("420");
    await dialog.getByLabel("Yield total offset").first().fill("12.5");
    await dialog.getByRole("tab", { name: "Advanced" }).click();
    await dialog.getByLabel("Reachable threshold").fill("7");
    await dialog.getByRole("switch", { name: "Poll at night too" }).uncheck();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("cell", { name: "Garage west", exact: true }).waitFor();

    await restartGateway();
    await page.reload();
    await page.getByRole("cell", { name: "Garage west", exact: true }).waitFor();
    const [inv] = await list();
    expect(inv?.name).toBe("Garage west");
    expect(inv?.reachable_threshold).toBe(7);
    expect(inv?.channel[0]).toEqual({ name: "West roof", max_power: 420, yield_total_offset: 12.5 });
    await page.getByRole("button", { name: "Edit Garage west" }).click();
    await page.getByRole("dialog").getByRole("tab", { name: "Advanced" }).click();
    expect(
      await page.getByRole("dialog").getByRole("switch", { name: "Poll at night too" }).isChecked(),
    ).toBe(false);
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Delete Garage west" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("No inverter is configured yet.").waitFor();
    await restartGateway();
    expect(await list()).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("reorders by drag and by keyboard, and Save order stores it", async () => {
    await clearInverters();
    for (const [i, name] of ["Alpha", "Bravo", "Charlie"].entries()) {
      await api("/api/inverter/add", { serial: `11418212345${i}`, name });
    }
    const ids = (await list()).map((i) => i.id);
    await api("/api/inverter/order", { order: ids });
    const page = await h.openPage("/settings/inverter", { loggedIn: true });
    const names = () => page.locator("tbody tr td:nth-child(4)").allTextContents();
    await page.getByRole("cell", { name: "Charlie", exact: true }).waitFor();
    expect(await names()).toEqual(["Alpha", "Bravo", "Charlie"]);

    // Drag Charlie's handle to the top with the mouse (pointer events).
    const handle = page.getByRole("button", { name: "Move Charlie" });
    const box = await handle.boundingBox();
    const rowBox = await page.locator("tbody tr").first().boundingBox();
    if (!box || !rowBox) throw new Error("no layout");
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - rowBox.height, { steps: 5 });
    await page.mouse.move(x, y - rowBox.height * 2 - 4, { steps: 5 });
    await page.mouse.up();
    expect(await names()).toEqual(["Charlie", "Alpha", "Bravo"]);
    await page.getByRole("button", { name: "Save order" }).click();
    await page.getByText("Inverter order saved.", { exact: true }).waitFor();
    expect(await namesInOrder()).toEqual(["Charlie", "Alpha", "Bravo"]);

    // Keyboard: focus Alpha's handle, Down moves it below Bravo and keeps the focus on it; it is announced.
    await page.getByRole("button", { name: "Move Alpha" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await names()).toEqual(["Charlie", "Bravo", "Alpha"]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move Alpha");
    await page.getByText("Alpha is now at position 3 of 3.").waitFor({ state: "attached" });
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await names()).toEqual(["Alpha", "Charlie", "Bravo"]);
    // Wait for the browser to get the answer (not only the server to store it) before restarting the gateway.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/inverter/order")),
      page.getByRole("button", { name: "Save order" }).click(),
    ]);
    expect(await namesInOrder()).toEqual(["Alpha", "Charlie", "Bravo"]);
    // Close the page first: its list reload after the save may otherwise meet the gateway while it shuts down (503).
    h.assertClean(page);
    await page.close();
    await restartGateway();
    expect(await namesInOrder()).toEqual(["Alpha", "Charlie", "Bravo"]);
  });

  it("shows the gateway's answer when an 11th inverter is added", async () => {
    await clearInverters();
    for (let i = 0; i < 10; i++)
      await api("/api/inverter/add", { serial: `1141821234${10 + i}`, name: `Inv ${i}` });
    const page = await h.openPage("/settings/inverter", { loggedIn: true });
    await page.getByLabel("Serial number").fill("114182999999");
    await page.getByLabel("Name", { exact: true }).fill("One too many");
    await page.getByRole("button", { name: "Add" }).click();
    const alert = page.locator("form .alert-warning");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("At most 10 inverters are supported.");
    // A refused add keeps what the user typed.
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("One too many");
    h.assertClean(page);
    await page.close();
    await clearInverters();
  });

  it("device manager: profiles from pin_mapping.json sorted after Default, differing rows highlighted", async () => {
    const fixture = readFileSync(FIXTURE);
    const profiles = (JSON.parse(fixture.toString()) as { name: string }[]).map((p) => p.name);
    await uploadFile("pin_mapping.json", fixture);
    const page = await h.openPage("/settings/device", { loggedIn: true, allowConsole: OUTAGE });
    const select = page.getByLabel("Pin profile");
    await select.waitFor();
    await expect
      .poll(() => select.locator("option").allTextContents())
      .toEqual([
        "Default",
        ...[...profiles].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
      ]);
    const chosen = profiles[0] ?? "";
    await select.selectOption(chosen);
    const differing = page.locator("tbody tr.table-warning");
    expect(await differing.count()).toBeGreaterThan(0);
    expect(await page.locator("tbody tr").count()).toBeGreaterThan(await differing.count());
    // Unset pins (-1, 255) read as "not set", never as numbers.
    expect(
      await page
        .locator("tbody td")
        .filter({ hasText: /^(-1|255)$/ })
        .count(),
    ).toBe(0);
    await h.screenshot(page, "settings-b-device-profiles");

    // Display tab: values round-trip through the device config.
    await page.getByRole("tab", { name: "Display" }).click();
    await page.getByLabel("Rotation").selectOption({ label: "270°" });
    await page.getByLabel("Display language").selectOption({ label: "Français" });
    // Keyboard on the slider: Home is 0, each Right arrow one percent more.
    await page.getByLabel("Contrast").focus();
    await page.keyboard.press("Home");
    for (let i = 0; i < 35; i++) await page.keyboard.press("ArrowRight");
    await page.getByText("35 %", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Pin assignment" }).click();
    const second = profiles[1] ?? "";
    await page.getByLabel("Pin profile").selectOption(second);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Settings saved.", { exact: true }).waitFor();
    // A new profile name restarts the device (API.md §3.11); the page waits and reloads the active pins.
    await page.getByText("The device is running again.").waitFor({ timeout: 30000 });
    const cfg = await api<{ curPin: { name: string }; display: Record<string, unknown> }>(
      "/api/device/config",
    );
    expect(cfg.curPin.name).toBe(second);
    expect(cfg.display).toMatchObject({ rotation: 3, language: 2, contrast: 35 });
    // After the reload the selected profile is the active one: nothing differs any more.
    await expect.poll(() => page.locator("tbody tr.table-warning").count()).toBe(0);
    expect(await page.getByLabel("Pin profile").inputValue()).toBe(second);
    h.assertClean(page);
    await page.close();
  });

  it("device manager: an unparsable pin_mapping.json shows the parse-error hint", async () => {
    // A configured profile name the file no longer lists (a name change restarts the device, API.md §3.11).
    const cfg = await api<{ curPin: { name: string } }>("/api/device/config");
    if (cfg.curPin.name !== "Board from an old file") {
      const since = h.reboots();
      await api("/api/device/config", { ...cfg, curPin: { name: "Board from an old file" } });
      await h.waitForReboot(since);
    }
    await uploadFile("pin_mapping.json", "[ { not json");
    const page = await h.openPage("/settings/device", { loggedIn: true });
    const alert = page.locator(".alert-danger");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("pin_mapping.json");
    // No profiles could be read; only Default and the configured name (kept so it is posted back) remain.
    expect(await page.getByLabel("Pin profile").locator("option").allTextContents()).toEqual([
      "Default",
      "Board from an old file",
    ]);
    h.assertClean(page);
    await page.close();
  });

  it("restores a config.json in the device's format; after the reboot the inverter list shows it", async () => {
    const backup = await (
      await fetch(`${h.baseUrl}/api/config/get`, { headers: { Authorization: AUTH } })
    ).json();
    const cfg = backup as { inverters: { serial: number; name: string }[] };
    expect(cfg.inverters.length).toBe(10);
    const slot = cfg.inverters[0];
    if (!slot) throw new Error("no slot");
    // API.md §5.2: the serial is stored as the integer value of the printed (hex) serial.
    slot.serial = parseInt("114182123456", 16);
    slot.name = "Restored roof";
    const page = await h.openPage("/settings/config", { loggedIn: true, allowConsole: OUTAGE });
    await page.getByRole("button", { name: "Download config.json" }).waitFor();
    // Refused without a file and for other extensions, before sending.
    const uploads = watchRequests(page, "/api/config/upload");
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByText("Choose a file first.").waitFor();
    await page.getByLabel("Backup file (.json)").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("x"),
    });
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByText("“notes.txt” is not a .json file.").waitFor();
    expect(uploads).toEqual([]);

    await page.getByLabel("Backup file (.json)").setInputFiles({
      name: "config.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(cfg, null, 2)),
    });
    expect(await page.getByLabel("Restore as").inputValue()).toBe("config.json");
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    // Issue 11: the backup is summarised and sent only once confirmed.
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("cell", { name: /Restored roof/ }).waitFor();
    expect(uploads).toEqual([]);
    await dialog.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByText("The file was restored. The device restarts now.").waitFor();
    await page.getByText("The device is running again.").waitFor({ timeout: 30000 });
    expect(uploads.length).toBe(1);
    await page.getByRole("button", { name: "Back" }).click();
    await page.goto("/settings/inverter");
    await page.getByRole("cell", { name: "Restored roof", exact: true }).waitFor();
    h.assertClean(page);
    await page.close();
  });

  it("backup downloads a file under its own name", async () => {
    const page = await h.openPage("/settings/config", { loggedIn: true });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download config.json" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("config.json");
    // Read through the connection: the browser is shared (e2e/browser.ts), so there is no local file path.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const saved = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { inverters: unknown[] };
    expect(saved.inverters.length).toBe(10);
    h.assertClean(page);
    await page.close();
  });

  it("firmware: wrong extension refused, summary, upload with progress to 100 and success, wrong MD5 rejected", async () => {
    const page = await h.openPage("/firmware/upgrade", { loggedIn: true, allowConsole: OUTAGE });
    const posts = watchRequests(page, "/api/firmware/update");
    const input = page.getByLabel("Firmware file");
    await input.setInputFiles({
      name: "firmware.zip",
      mimeType: "application/zip",
      buffer: Buffer.from("PK"),
    });
    await page.getByText("“firmware.zip” is not a firmware image. Choose a .bin or .bin.gz file.").waitFor();
    expect(posts).toEqual([]);

    const image = Buffer.alloc(300 * 1024, 0x5a);
    image[0] = 0xe9; // ESP32 image magic (API.md §3.13 emulator check)
    // Wrong MD5 first: the request is altered on its way so the device finds a mismatch.
    await page.route("**/api/firmware/update", async (route) => {
      const body = route.request().postDataBuffer();
      if (!body) return route.continue();
      const text = body
        .toString("latin1")
        .replace(/name="MD5"\r\n\r\n[0-9a-f]{32}/, `name="MD5"\r\n\r\n${"0".repeat(32)}`);
      await route.continue({ postData: Buffer.from(text, "latin1") });
    });
    const pickImage = async () => {
      await input.setInputFiles({ name: "opendtu.bin", mimeType: "application/octet-stream", buffer: image });
      // Issue 11: a summary first (name, size, MD5); nothing is sent before Upload.
      await page.getByText("Ready to upload").waitFor();
      expect(await page.getByText(/^[0-9a-f]{32}$/).count()).toBe(1);
      await page.getByRole("button", { name: "Upload", exact: true }).click();
    };
    await pickImage();
    await page.getByRole("heading", { name: "Firmware upgrade failed" }).waitFor();
    expect(await page.locator(".alert-danger").textContent()).toContain("The device refused the image");
    // Retrying the same image cannot help with a device refusal: no Retry, only Back.
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);

    // Picked again and unaltered, it succeeds and the progress shows 100.
    await page.unroute("**/api/firmware/update");
    await page.getByRole("button", { name: "Back" }).click();
    await pickImage();
    await page.getByRole("heading", { name: "Upload complete" }).waitFor();
    expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(posts.length).toBe(2);
    // The device restarts; once it answers the page reloads itself (fresh document: the picker again).
    await page.waitForEvent("load", { timeout: 30000 });
    await page.getByLabel("Firmware file").waitFor();
    h.assertClean(page);
    await page.close();
  });

  it("reboot asks first, then reports and waits until the device answers again", async () => {
    const page = await h.openPage("/maintenance/reboot", { loggedIn: true, allowConsole: OUTAGE });
    await page.getByRole("button", { name: "Reboot" }).click();
    const dialog = page.getByRole("dialog", { name: "Reboot the device?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Reboot" }).click();
    await dialog.getByRole("button", { name: "Reboot" }).click();
    await page.getByText("The device restarts now.", { exact: true }).waitFor();
    await page.getByText("The device is running again.").waitFor({ timeout: 30000 });
    h.assertClean(page);
    await page.close();
  });

  it("factory reset: confirm dialog, result alert, added inverter gone after the restart", async () => {
    await clearInverters();
    await api("/api/inverter/add", { serial: "114182123456", name: "Before the reset" });
    const page = await h.openPage("/settings/config", { loggedIn: true, allowConsole: OUTAGE });
    await page.getByRole("button", { name: "Factory reset" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset to factory settings?" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    const alert = page.locator(".alert-success.alert-dismissible");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("The configuration was reset. The device restarts now.");
    await page.getByText("The device is running again.").waitFor({ timeout: 30000 });
    // The gateway's factory defaults (its demo inverters) are back instead of the added one.
    const names = (await list()).map((i) => i.name);
    expect(names).not.toContain("Before the reset");
    expect(names.length).toBeGreaterThan(0);
    await alert.getByRole("button", { name: "Close" }).click();
    await alert.waitFor({ state: "detached" });
    h.assertClean(page);
    await page.close();
  });
});
