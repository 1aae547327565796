import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";

describe("app shell", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("renders the home page with the navbar, no console error, no serious axe violation", async () => {
    const page = await h.openPage("/");
    expect(await page.locator("nav.navbar").getByRole("link", { name: "Live View" }).isVisible()).toBe(true);
    expect(await page.locator("h1").textContent()).toBe("Live View");
    await h.screenshot(page, "shell-home-en-1280");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("shows German texts and the dark theme when chosen", async () => {
    // The machine is offline: the system screen's update check fails by design (grey badge), which the browser
    // logs as a failed request.
    const page = await h.openPage("/info/system", {
      locale: "de",
      theme: "dark",
      width: 375,
      allowConsole: [/api\.github\.com/],
    });
    expect(await page.locator("html").getAttribute("data-bs-theme")).toBe("dark");
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    // The phone layout collapses the menu behind the toggler.
    const toggler = page.getByRole("button", { name: "Menü ein- oder ausblenden" });
    expect(await toggler.isVisible()).toBe(true);
    await h.screenshot(page, "shell-system-de-dark-375");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("sends a logged-out visitor of /maintenance/reboot to the login and back after login", async () => {
    const page = await h.openPage("/maintenance/reboot");
    await page.waitForURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
    await h.login(page);
    await page.waitForURL(/\/maintenance\/reboot$/);
    expect(await page.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    h.assertClean(page);
    await page.close();
  });

  it("shows the failure of a wrong password in a danger alert", async () => {
    const page = await h.openPage("/login", { allowConsole: [/401/] });
    await h.login(page, "wrong-password");
    const alert = page.locator(".alert-danger");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Invalid credentials");
    h.assertClean(page);
    await page.close();
  });

  it("logs out: session cleared, announced, back on the home page", async () => {
    const page = await h.openPage("/info/ntp", { loggedIn: true });
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
    expect(await page.locator(".toast").textContent()).toContain("You are logged out.");
    expect(await page.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
    h.assertClean(page);
    await page.close();
  });

  it("closes the phone menu after a link tap", async () => {
    const page = await h.openPage("/", { width: 375 });
    await page.getByRole("button", { name: "Show or hide the menu" }).click();
    // Scoped to the menu: the live view's panels have "Info" buttons too.
    const menu = page.locator("#main-nav");
    await menu.getByRole("button", { name: "Info" }).click();
    await menu.getByRole("link", { name: "Console" }).click();
    await page.waitForURL((u) => u.pathname === "/info/console");
    expect(await page.locator("#main-nav").getAttribute("class")).not.toContain("show");
    expect(await page.getByRole("link", { name: "Console" }).isVisible()).toBe(false);
    await h.screenshot(page, "shell-console-en-375");
    h.assertClean(page);
    await page.close();
  });
});
