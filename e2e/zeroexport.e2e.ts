/**
 * The Zero export screen on the gateway build (issue 32 §5). The gateway these tests start does not run zero export
 * (its controller was built beside the screen and needs the meter), so its API is answered by a stand-in in the
 * browser (./zeroExportFake.ts, with the contract's own config check): the screen's state in words with Resume, the
 * live chart, inverters and "why" log by the simulated inverters' names, a refusal at its field, the confirmation
 * before turning on, the commissioning check; en light 1280 px, de dark and fr dark at 375 px, axe each time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startHarness, type Harness } from "./harness";
import { fakeZeroExport, pausedStatus, type ZeroExportFake } from "./zeroExportFake";

const HMS = "116482345678";
const HM = "114182123456";

async function namesOf(h: Harness): Promise<Map<string, string>> {
  const live = (await (await fetch(`${h.baseUrl}/api/livedata/status`)).json()) as {
    inverters: { serial: string; name: string }[];
  };
  return new Map(live.inverters.map((i) => [i.serial, i.name]));
}

async function fitsPhone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

describe("zero export screen", () => {
  let h: Harness;
  let fake: ZeroExportFake;
  let names: Map<string, string>;

  beforeAll(async () => {
    h = await startHarness({ build: "gateway" });
    fake = await fakeZeroExport(h.context, pausedStatus(HMS, HM));
    names = await namesOf(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("is in the menu, says why it is paused by the inverter's name, resumes, and draws the last minutes", async () => {
    const page = await h.openPage("/", { locale: "en", theme: "light", loggedIn: true });
    await page.getByRole("link", { name: "Zero export" }).click();
    await page.getByRole("heading", { name: "Zero export", level: 1 }).waitFor();
    expect(fake.real).toBe(false);
    const roof = names.get(HMS) ?? HMS;
    const state = page.getByTestId("zx-state");
    await expect
      .poll(() => state.getByRole("status").textContent())
      .toContain(`the limit of ${roof} was changed by someone else (800 W; the gateway had sent 420 W)`);
    await expect
      .poll(() => page.getByTestId("zx-log").textContent())
      .toContain(`${roof} 600 → 420 W: export 170 W`);
    await expect.poll(() => page.getByTestId("zx-inverters").textContent()).toContain("not measured yet");
    // The chart is drawn (uPlot's canvas) once samples came.
    await page.locator(".history-chart canvas").first().waitFor();
    await h.axe(page);
    await h.screenshot(page, "zeroexport-en-light-1280");
    await page.getByRole("button", { name: "Resume" }).click();
    await page.getByText("Zero export resumed.").waitFor();
    await expect.poll(() => state.getAttribute("data-state")).toBe("active");
    h.assertClean(page);
    await page.close();
  });

  it("shows the gateway's refusal at its field and asks before turning on (German, dark, phone)", async () => {
    // The browser logs the refusal's 400 itself.
    const page = await h.openPage("/zeroexport", {
      locale: "de",
      theme: "dark",
      width: 375,
      loggedIn: true,
      allowConsole: [/400 \(Bad Request\).*\/api\/zeroexport\/config/],
    });
    await page.getByRole("heading", { name: "Nulleinspeisung", level: 1 }).waitFor();
    await page.getByTestId("zx-state").waitFor();
    fake.refuseNext = {
      field: "inverters.0.max_w",
      message: "inverters.0.max_w: above this inverter's rating",
    };
    await page.getByRole("button", { name: "Speichern" }).click();
    await page
      .getByText("Das Gateway hat diesen Wert abgelehnt: inverters.0.max_w: above this inverter's rating")
      .waitFor();
    expect(await page.locator('[name="inverters.0.max_w"]').getAttribute("aria-invalid")).toBe("true");
    expect(fake.saved).toEqual([]);
    // On: a clear confirmation first; cancelled, nothing is sent.
    await page.getByRole("switch", { name: "Nulleinspeisung an" }).check();
    await page.locator('[name="inverters.0.enabled"]').check();
    await page.getByRole("button", { name: "Speichern" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Nulleinspeisung einschalten?").waitFor();
    await h.axe(page);
    await h.screenshot(page, "zeroexport-de-dark-375-confirm");
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    expect(fake.saved).toEqual([]);
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Einschalten" }).click();
    await page.getByText("Einstellungen gespeichert.").waitFor();
    expect(fake.saved).toHaveLength(1);
    expect(fake.saved[0]).toMatchObject({
      enabled: true,
      inverters: [{ enabled: true }, { enabled: false }],
    });
    await fitsPhone(page);
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });

  it("runs the commissioning check and words its result (French, dark, phone)", async () => {
    const page = await h.openPage("/zeroexport", { locale: "fr", theme: "dark", width: 375, loggedIn: true });
    await page.getByRole("heading", { name: "Injection zéro", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Lancer le contrôle" }).click();
    const roof = names.get(HMS) ?? HMS;
    await expect
      .poll(() => page.getByTestId("zx-check").textContent())
      .toContain(`Réussi : ${roof} baissé de 100 W, le compteur est monté de 97 W après 5,4 s.`);
    await fitsPhone(page);
    await h.axe(page);
    await h.screenshot(page, "zeroexport-fr-dark-375");
    h.assertClean(page);
    await page.close();
  });
});
