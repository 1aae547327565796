/**
 * Settings screens part A (issue 5): network, NTP, MQTT, security, DTU against the real gateway.
 * Each screen: loads; a valid save round-trips and survives a gateway restart; every client rule refuses before
 * anything is sent; server warnings are shown translated (or with the device's own message, API.md §3.17).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN, requestsSettled, startHarness, trackPosts, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function open(path: string, title: string): Promise<Page> {
  const page = await h.openPage(path, { loggedIn: true });
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  await page.getByRole("button", { name: "Save" }).first().waitFor();
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function save(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Save" }).click();
  const alert = page.locator("form > .alert").first();
  await alert.waitFor();
  return (await alert.textContent()) ?? "";
}

/** Clicks Save, expects the field error text and that no POST left the page. */
async function refused(page: Page, posts: string[], errorText: string | RegExp): Promise<void> {
  const before = posts.length;
  await page.getByRole("button", { name: "Save" }).click();
  await page.locator(".invalid-feedback", { hasText: errorText }).first().waitFor();
  // Every request the page started so far is reported before asserting none was sent.
  await requestsSettled(page);
  expect(posts.length).toBe(before);
}

async function apiPost(path: string, data: unknown): Promise<unknown> {
  const form = new FormData();
  form.append("data", JSON.stringify(data));
  const auth = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64");
  const res = await fetch(h.baseUrl + path, {
    method: "POST",
    body: form,
    headers: { Authorization: `Basic ${auth}`, "X-Requested-With": "XMLHttpRequest" },
  });
  return res.status === 200 ? res.json() : res.status;
}

describe("network settings", () => {
  it("loads; static IP card only with DHCP off; axe clean", async () => {
    const page = await open("/settings/network", "Network Settings");
    expect(await field(page, "Network name (SSID)").isVisible()).toBe(true);
    expect(await page.getByText("%06X in the host name").isVisible()).toBe(true);
    expect(await field(page, "IP address").count()).toBe(0);
    await field(page, "Get the address automatically (DHCP)").uncheck();
    expect(await field(page, "IP address").inputValue()).toBe("0.0.0.0");
    await h.screenshot(page, "settings-network-en-1280");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("refuses SSID 33, password 65, host name 33, AP timeout 100000 and −1 without sending", async () => {
    const page = await open("/settings/network", "Network Settings");
    const posts = trackPosts(page);
    await field(page, "Network name (SSID)").fill("s".repeat(33));
    await refused(page, posts, "At most 32 characters");
    await field(page, "Network name (SSID)").fill("ok");
    // The device's own limits (API.md §3.17): WiFi password 63, host name 31, dotted quads.
    await field(page, "WiFi password").fill("p".repeat(64));
    await refused(page, posts, "At most 63 characters");
    await field(page, "WiFi password").fill("ok-password");
    await field(page, "Host name").fill("h".repeat(32));
    await refused(page, posts, "At most 31 characters");
    await field(page, "Host name").fill("dtu");
    await field(page, "Get the address automatically (DHCP)").uncheck();
    for (const label of ["IP address", "Netmask", "Gateway", "DNS server 1", "DNS server 2"]) {
      await field(page, label).fill("1".repeat(33));
      await refused(page, posts, "An address like 192.168.1.10.");
      await field(page, label).fill("0.0.0.0");
    }
    for (const v of ["100000", "-1"]) {
      await field(page, "Access point timeout").fill(v);
      await refused(page, posts, "Allowed: 0 to 99,999.");
    }
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("refuses an empty WiFi name at the field in German, focused, nothing sent (issue 11)", async () => {
    const page = await h.openPage("/settings/network", { loggedIn: true, locale: "de" });
    await page.getByRole("button", { name: "Speichern" }).waitFor();
    const posts = trackPosts(page);
    await field(page, "Netzwerkname (SSID)").fill("");
    await page.getByRole("button", { name: "Speichern" }).click();
    const ssid = field(page, "Netzwerkname (SSID)");
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "ssid");
    expect(await ssid.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(".invalid-feedback").first().textContent()).toBe("Bitte einen Wert eingeben.");
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("saves, and the values survive a gateway restart", async () => {
    const page = await open("/settings/network", "Network Settings");
    await field(page, "Network name (SSID)").fill("E2E-Net");
    await field(page, "WiFi password").fill("e2e-wifi-pass");
    await field(page, "Host name").fill("dtu-e2e");
    await field(page, "Announce the device by mDNS").check();
    await field(page, "Access point timeout").fill("0");
    expect(await save(page)).toBe("Settings saved.");
    await page.close();
    await h.restart();
    const again = await open("/settings/network", "Network Settings");
    expect(await field(again, "Network name (SSID)").inputValue()).toBe("E2E-Net");
    expect(await field(again, "WiFi password").inputValue()).toBe("e2e-wifi-pass");
    expect(await field(again, "Host name").inputValue()).toBe("dtu-e2e");
    expect(await field(again, "Announce the device by mDNS").isChecked()).toBe(true);
    expect(await field(again, "Access point timeout").inputValue()).toBe("0");
    h.assertClean(again);
    await again.close();
  });
});

describe("NTP settings", () => {
  it("loads; choosing a zone shows its rule; save survives a restart", async () => {
    const page = await open("/settings/ntp", "NTP Settings");
    const zone = field(page, "Time zone");
    await page
      .locator('select[name="timezone"] option[value^="Asia/Tokyo---"]')
      .waitFor({ state: "attached" });
    await zone.selectOption({ label: "Asia/Tokyo" });
    expect(await field(page, "Resulting time zone rule").inputValue()).toBe("JST-9");
    await field(page, "Time server").fill("time.e2e.lan");
    await field(page, "Latitude").fill("48.21");
    await field(page, "Longitude").fill("-16.375");
    await field(page, "Sunset type").selectOption({ label: "Civil" });
    expect(await page.getByText("A change takes effect within one minute.").isVisible()).toBe(true);
    await h.axe(page);
    expect(await save(page)).toBe("Settings saved.");
    await page.close();
    await h.restart();
    const again = await open("/settings/ntp", "NTP Settings");
    expect(await field(again, "Time server").inputValue()).toBe("time.e2e.lan");
    expect(await field(again, "Time zone").inputValue()).toBe("Asia/Tokyo---JST-9");
    expect(await field(again, "Resulting time zone rule").inputValue()).toBe("JST-9");
    expect(Number(await field(again, "Latitude").inputValue())).toBeCloseTo(48.21, 4);
    expect(Number(await field(again, "Longitude").inputValue())).toBeCloseTo(-16.375, 4);
    expect(await field(again, "Sunset type").inputValue()).toBe("2");
    h.assertClean(again);
    await again.close();
  });

  it("refuses latitude 90.5, longitude −181, a 33-character server without sending", async () => {
    const page = await open("/settings/ntp", "NTP Settings");
    const posts = trackPosts(page);
    await field(page, "Latitude").fill("90.5");
    await refused(page, posts, "Allowed: -90 to 90.");
    await field(page, "Latitude").fill("10");
    await field(page, "Longitude").fill("-181");
    await refused(page, posts, "Allowed: -180 to 180.");
    await field(page, "Longitude").fill("10");
    await field(page, "Time server").fill("s".repeat(33));
    await refused(page, posts, "At most 32 characters");
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("Synchronize sets the device clock to the browser time and reloads the device time", async () => {
    expect(
      await apiPost("/api/ntp/time", { year: 2031, month: 1, day: 2, hour: 3, minute: 4, second: 5 }),
    ).toEqual(expect.objectContaining({ code: 9010 }));
    const page = await open("/settings/ntp", "NTP Settings");
    const device = page.getByTestId("device-time");
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="device-time"]')?.textContent?.includes("2031"),
    );
    const first = await device.textContent();
    // Both clocks tick every second.
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="device-time"]')?.textContent !== f,
      first,
    );
    const year = String(await page.evaluate(() => new Date().getFullYear()));
    await page.getByRole("button", { name: "Synchronize time" }).click();
    await page.getByText("Time updated.").waitFor();
    await page.waitForFunction(
      (y) => document.querySelector('[data-testid="device-time"]')?.textContent?.includes(y),
      year,
    );
    expect(await device.textContent()).not.toContain("2031");
    h.assertClean(page);
    await page.close();
  });
});

describe("MQTT settings", () => {
  it("shows the cards by condition: broker when enabled, HA when both, CA under TLS, cert+key under login", async () => {
    const page = await open("/settings/mqtt", "MQTT Settings");
    expect(await field(page, "Host name or IP address").count()).toBe(0);
    expect(await field(page, "Enable Home Assistant auto-discovery").count()).toBe(0);
    await field(page, "Enable MQTT").check();
    expect(await field(page, "Host name or IP address").isVisible()).toBe(true);
    expect(await field(page, "Prefix topic").count()).toBe(0);
    await field(page, "Enable Home Assistant auto-discovery").check();
    expect(await field(page, "Prefix topic").isVisible()).toBe(true);
    expect(await field(page, "Root CA certificate").count()).toBe(0);
    await field(page, "Use TLS").check();
    expect(await field(page, "Root CA certificate").getAttribute("rows")).toBe("10");
    expect(await field(page, "Client certificate").count()).toBe(0);
    await field(page, "Log in with a TLS client certificate").check();
    expect(await field(page, "Client certificate").isVisible()).toBe(true);
    expect(await field(page, "Client key").isVisible()).toBe(true);
    await h.screenshot(page, "settings-mqtt-en-1280");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("refuses port 0 and 65536, interval 4, a 2561-character certificate, a 21-character LWT text", async () => {
    const page = await open("/settings/mqtt", "MQTT Settings");
    const posts = trackPosts(page);
    await field(page, "Enable MQTT").check();
    for (const v of ["0", "65536"]) {
      await field(page, "Port").fill(v);
      await refused(page, posts, "Allowed: 1 to 65,535.");
    }
    await field(page, "Port").fill("1883");
    await field(page, "Publish interval").fill("4");
    await refused(page, posts, "Allowed: 5 to 86,400.");
    await field(page, "Publish interval").fill("5");
    await field(page, "Use TLS").check();
    await field(page, "Root CA certificate").fill("c".repeat(2561));
    await refused(page, posts, "At most 2,560 characters");
    await field(page, "Root CA certificate").fill("");
    await field(page, "Payload while online").fill("o".repeat(21));
    await refused(page, posts, "At most 20 characters");
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("refuses every other text over its SEED §5 length without sending", async () => {
    const page = await open("/settings/mqtt", "MQTT Settings");
    const posts = trackPosts(page);
    await field(page, "Enable MQTT").check();
    await field(page, "Enable Home Assistant auto-discovery").check();
    await field(page, "Use TLS").check();
    await field(page, "Log in with a TLS client certificate").check();
    const cases: [string, number][] = [
      ["Host name or IP address", 128],
      ["User name", 64],
      ["Password", 64],
      ["Topic", 32],
      ["Payload when offline", 20],
      ["Prefix topic", 32],
      ["Client certificate", 2560],
      ["Client key", 2560],
    ];
    for (const [label, max] of cases) {
      const before = await field(page, label).inputValue();
      await field(page, label).fill("x".repeat(max + 1));
      await refused(page, posts, `At most ${max.toLocaleString("en")} characters`);
      await field(page, label).fill(before);
    }
    // The base topic must also end with a slash (API.md §3.16, 7006).
    await field(page, "Base topic").fill(`${"x".repeat(32)}/`);
    await refused(page, posts, "At most 32 characters");
    await field(page, "Base topic").fill("solar/");
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("shows the server's 7013 for publish interval 70000 and keeps the input", async () => {
    const page = await open("/settings/mqtt", "MQTT Settings");
    await field(page, "Enable MQTT").check();
    await field(page, "Host name or IP address").fill("127.0.0.1");
    await field(page, "Publish interval").fill("70000");
    expect(await save(page)).toBe("The publish interval must lie between 5 and 65535 seconds.");
    expect(await page.locator("form > .alert-warning").count()).toBe(1);
    expect(await field(page, "Publish interval").inputValue()).toBe("70000");
    h.assertClean(page);
    await page.close();
  });

  it("saves, shows the base topic as LWT prefix, and survives a restart", async () => {
    const page = await open("/settings/mqtt", "MQTT Settings");
    await field(page, "Enable MQTT").check();
    await field(page, "Host name or IP address").fill("127.0.0.1");
    await field(page, "Port").fill("1884");
    await field(page, "Base topic").fill("e2e/");
    await field(page, "Publish interval").fill("30");
    await field(page, "Topic").fill("state");
    expect(await page.locator(".input-group-text", { hasText: "e2e/" }).isVisible()).toBe(true);
    await field(page, "Payload while online").fill("up");
    await field(page, "Payload when offline").fill("down");
    expect(await save(page)).toBe("Settings saved.");
    await page.close();
    await h.restart();
    const again = await open("/settings/mqtt", "MQTT Settings");
    expect(await field(again, "Enable MQTT").isChecked()).toBe(true);
    expect(await field(again, "Host name or IP address").inputValue()).toBe("127.0.0.1");
    expect(await field(again, "Port").inputValue()).toBe("1884");
    expect(await field(again, "Base topic").inputValue()).toBe("e2e/");
    expect(await field(again, "Publish interval").inputValue()).toBe("30");
    expect(await field(again, "Topic").inputValue()).toBe("state");
    expect(await field(again, "Payload while online").inputValue()).toBe("up");
    expect(await field(again, "Payload when offline").inputValue()).toBe("down");
    // Switch MQTT off again so the gateway stops trying to reach the broker.
    await field(again, "Enable MQTT").uncheck();
    expect(await save(again)).toBe("Settings saved.");
    h.assertClean(again);
    await again.close();
  });
});

describe("security settings", () => {
  it("prefills the repeat; mismatch and short password are refused without sending", async () => {
    const page = await open("/settings/security", "Security Settings");
    const posts = trackPosts(page);
    expect(await field(page, "Repeat password").inputValue()).toBe(ADMIN.password);
    await field(page, "Password").fill("another-password");
    await refused(page, posts, "Passwords are not equal");
    await field(page, "Password").fill("short");
    await field(page, "Repeat password").fill("short");
    await refused(page, posts, "At least 8 characters.");
    await field(page, "Password").fill("p".repeat(65));
    await field(page, "Repeat password").fill("p".repeat(65));
    await refused(page, posts, "At most 64 characters");
    expect(posts).toEqual([]);
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("saves the read-only permission and it survives a restart", async () => {
    const page = await open("/settings/security", "Security Settings");
    const readonly = field(page, "Allow read-only access without a password");
    expect(await readonly.isChecked()).toBe(true);
    await readonly.uncheck();
    expect(await save(page)).toBe("Settings saved.");
    await page.close();
    await h.restart();
    const again = await open("/settings/security", "Security Settings");
    expect(await field(again, "Allow read-only access without a password").isChecked()).toBe(false);
    expect(await field(again, "Password").inputValue()).toBe(ADMIN.password);
    await field(again, "Allow read-only access without a password").check();
    expect(await save(again)).toBe("Settings saved.");
    h.assertClean(again);
    await again.close();
  });
});

describe("security settings: password change", () => {
  it("saves a new password, stays logged in with it, and the old one no longer works", async () => {
    const page = await open("/settings/security", "Security Settings");
    await field(page, "Password").fill("e2e-new-pass");
    await field(page, "Repeat password").fill("e2e-new-pass");
    expect(await save(page)).toBe("Settings saved.");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Security Settings" }).waitFor();
    expect(await field(page, "Password").inputValue()).toBe("e2e-new-pass");
    expect((await apiPost("/api/ntp/time", {})) as unknown).toBe(401);
    // Back to the default so the other tests keep their session.
    await field(page, "Password").fill(ADMIN.password);
    await field(page, "Repeat password").fill(ADMIN.password);
    expect(await save(page)).toBe("Settings saved.");
    h.assertClean(page);
    await page.close();
  });
});

describe("DTU settings", () => {
  it("loads with levels by name; refuses serial, poll, power and frequency outside the rules", async () => {
    const page = await open("/settings/dtu", "DTU Settings");
    const posts = trackPosts(page);
    const levels = await page.locator('select[name="nrf_palevel"] option').allTextContents();
    expect(levels).toEqual(["Minimum (−18 dBm)", "Low (−12 dBm)", "High (−6 dBm)", "Maximum (0 dBm)"]);
    expect(await field(page, "NRF24 module active").isDisabled()).toBe(true);
    expect(await page.getByText("up to 15 minutes").isVisible()).toBe(true);
    await h.axe(page);
    const serial = await field(page, "DTU serial number").inputValue();
    for (const v of ["0", "200000000000"]) {
      await field(page, "DTU serial number").fill(v);
      await refused(page, posts, "Allowed: 1 to 199,999,999,999.");
    }
    await field(page, "DTU serial number").fill(serial);
    for (const v of ["0", "86401"]) {
      await field(page, "Poll interval").fill(v);
      await refused(page, posts, "Allowed: 1 to 86,400.");
    }
    await field(page, "Poll interval").fill("5");
    for (const v of ["-11", "21"]) {
      await field(page, "Transmit power").last().fill(v);
      await refused(page, posts, "Allowed: -10 to 20.");
    }
    await page.locator('input[name="cmt_palevel"]').fill("0");
    for (const v of ["860", "865.1", "923.75"]) {
      await field(page, "Frequency").fill(v);
      await refused(page, posts, "Allowed: 860.25 to 923.5 MHz in steps of 250 kHz.");
    }
    expect(posts).toEqual([]);
    h.assertClean(page);
    await page.close();
  });

  it("warns outside the EU band but saves; values survive a restart", async () => {
    const page = await open("/settings/dtu", "DTU Settings");
    await field(page, "DTU serial number").fill("199980112399");
    await field(page, "Poll interval").fill("7");
    await page.locator('select[name="nrf_palevel"]').selectOption({ label: "High (−6 dBm)" });
    await page.locator('input[name="cmt_palevel"]').fill("5");
    await field(page, "Frequency").fill("866.25");
    expect(await page.getByText("outside the band").count()).toBe(0);
    await field(page, "Frequency").fill("870.25");
    await page.getByText("870.25 MHz lies outside the band of 863.00 to 870.00 MHz").waitFor();
    expect(await save(page)).toBe("Settings saved.");
    await page.close();
    await h.restart();
    const again = await open("/settings/dtu", "DTU Settings");
    expect(await field(again, "DTU serial number").inputValue()).toBe("199980112399");
    expect(await field(again, "Poll interval").inputValue()).toBe("7");
    expect(await again.locator('select[name="nrf_palevel"]').inputValue()).toBe("2");
    expect(await again.locator('input[name="cmt_palevel"]').inputValue()).toBe("5");
    expect(await field(again, "Frequency").inputValue()).toBe("870.25");
    h.assertClean(again);
    await again.close();
  });
});
