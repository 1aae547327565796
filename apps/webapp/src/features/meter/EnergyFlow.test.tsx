// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { MeterStatus } from "@dtu/api/meter";
import { setLocale } from "../../lib/i18n";
import { createStore } from "../../lib/store";
import { EnergyFlow } from "./EnergyFlow";
import { MeterFeed } from "./feed";

afterEach(() => {
  cleanup();
  setLocale("en");
});

const TODAY = {
  import_wh: 1200,
  export_wh: 3400,
  production_wh: 6000,
  home_wh: 3800,
  self_consumption_pct: 43.3,
  autarky_pct: 68.4,
};
const status = (over: Partial<MeterStatus>): MeterStatus => ({
  state: "ok",
  power_w: 340,
  phases_w: [300, 20, 20],
  age_ms: 400,
  error: null,
  today: TODAY,
  ...over,
});

/** A feed answering `answers` in turn (the last again), with timers the test runs by hand. */
function fakeFeed(answers: (MeterStatus | Error)[]) {
  let n = 0;
  const timers: (() => void)[] = [];
  const load = vi.fn(() => {
    const a = answers[Math.min(n++, answers.length - 1)];
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a as MeterStatus);
  });
  const feed = new MeterFeed({
    load,
    setTimer: (run) => timers.push(run),
    clearTimer: (id) => void timers.splice(Number(id) - 1, 1),
  });
  /** Runs the next poll and lets its answer in. */
  const tick = () => act(async () => timers.shift()?.());
  return { feed, load, tick };
}

async function show(answers: (MeterStatus | Error)[], production: number | null = 1234) {
  const prod = createStore<number | null>(production);
  const f = fakeFeed(answers);
  const view = render(<EnergyFlow production={prod} feed={f.feed} />);
  await act(async () => undefined);
  const card = () => {
    const c = document.querySelector<HTMLElement>("section[data-energy-flow]");
    if (!c) throw new Error("no energy-flow card");
    return c;
  };
  return { ...f, prod, view, card };
}

describe("the energy-flow card", () => {
  it("shows production → home ← grid while importing, with the watts and today's percentages", async () => {
    const { card } = await show([status({})]);
    const c = card();
    expect(screen.getByRole("region", { name: "Energy flow" })).toBe(c);
    expect(c.getAttribute("data-meter-state")).toBe("ok");
    expect(c.textContent).toContain("1,234");
    // Home use = production + grid.
    expect(c.textContent).toContain("1,574");
    expect(c.textContent).toContain("importing");
    expect(screen.getByRole("img", { name: "From the grid to the home: 340 W" }).textContent).toBe("←");
    expect(screen.getByRole("img", { name: "Production to the home: 1,234 W" }).textContent).toBe("→");
    expect(c.querySelector("[data-self-consumption]")?.textContent).toBe("43 %");
    expect(c.querySelector("[data-autarky]")?.textContent).toBe("68 %");
    expect(c.querySelector("[data-meter-note]")).toBeNull();
  });

  it("at night (nothing produced) shows the home's use as the grid's import, without a production arrow", async () => {
    const { card } = await show([status({ power_w: 234 })], 0);
    expect(card().textContent).toContain("234");
    expect(screen.getByRole("img", { name: "Production to the home: 0 W" }).textContent).toBe("–");
    expect(screen.getByRole("img", { name: "From the grid to the home: 234 W" }).textContent).toBe("←");
    expect(card().querySelectorAll(".fs-5")[1]?.textContent).toBe("234 W");
  });

  it("turns the grid arrow round while exporting, in German too", async () => {
    setLocale("de");
    const { card } = await show([status({ power_w: -800 })], 2000);
    expect(screen.getByRole("img", { name: "Vom Haus ins Netz: 800 W" }).textContent).toBe("→");
    expect(card().textContent).toContain("Einspeisung");
    expect(card().textContent).toContain("1.200");
  });

  it("shows a stale meter as stale with its age: no grid power, no home use, never 0", async () => {
    const { card } = await show([status({ state: "stale", power_w: 250, age_ms: 95_000 })]);
    const c = card();
    expect(c.getAttribute("data-meter-state")).toBe("stale");
    expect(c.querySelector("[data-meter-note]")?.textContent).toContain("its last value is 95 s old");
    expect(c.textContent).not.toContain("250");
    expect(c.textContent).not.toMatch(/\b0 W/);
    expect(screen.getByRole("img", { name: "Grid: –" }).textContent).toBe("–");
  });

  it("says in words why a read failed (French), and that a meter never read has no value yet", async () => {
    setLocale("fr");
    const error = { code: "timeout" as const, params: { seconds: 5 }, message: "no answer within 5 s" };
    const { card } = await show([status({ state: "stale", power_w: null, age_ms: null, error })]);
    const note = card().querySelector("[data-meter-note]")?.textContent ?? "";
    expect(note).toContain("Pas encore de valeur du compteur");
    expect(note).toContain("Lecture du compteur impossible : pas de réponse en 5 s");
  });

  it("keeps an error's last good value (younger than the stale limit) and names the error", async () => {
    const error = { code: "not_json" as const, params: {}, message: "not JSON" };
    const { card } = await show([status({ state: "error", power_w: 120, age_ms: 4000, error })]);
    expect(card().textContent).toContain("120");
    expect(card().textContent).toContain("the answer is not JSON (perhaps a web page)");
  });

  it("shows today's percentages as dashes when unknown, and nothing for a meter switched off", async () => {
    const none = { ...TODAY, self_consumption_pct: null, autarky_pct: null };
    const first = await show([status({ today: none })]);
    expect(first.card().querySelector("[data-self-consumption]")?.textContent).toBe("–");
    cleanup();
    await show([status({ state: "off", power_w: null, age_ms: null })]);
    expect(screen.queryByRole("region", { name: "Energy flow" })).toBeNull();
  });

  it("polls at its own pace, follows the production without its owner re-rendering, and says when the gateway does not answer", async () => {
    const { card, tick, load, prod } = await show([status({}), status({ power_w: -100 }), new Error("down")]);
    expect(load).toHaveBeenCalledTimes(1);
    await tick();
    expect(load).toHaveBeenCalledTimes(2);
    expect(card().textContent).toContain("exporting");
    act(() => prod.set(500));
    expect(card().textContent).toContain("400");
    await tick();
    expect(card().getAttribute("data-meter-state")).toBe("unanswered");
    expect(card().querySelector("[data-meter-note]")?.textContent).toContain("Meter read failed: down");
  });

  it("stops polling when the card goes", async () => {
    const { view, tick, load } = await show([status({})]);
    view.unmount();
    await tick();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
