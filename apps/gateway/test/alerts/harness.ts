/**
 * Rules against recorded data: the real simulated fleet (sun, clouds, sleep at night) on a clock the test moves, its
 * last days backfilled into a real history.db to learn "usual" from, and the engine with a store and a dispatcher
 * that records every message. Nothing sleeps: each step moves the clock, ticks the fleet and evaluates once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AlertRules } from "@dtu/api/alerts";
import { defaultAlertConfig, type AlertConfig } from "../../src/alerts/config.ts";
import type { ChannelMessage, Dispatcher } from "../../src/alerts/contracts.ts";
import { createEngine, type Engine } from "../../src/alerts/engine.ts";
import { portSource, type PortAlertSource } from "../../src/alerts/source.ts";
import { openSqlStore, type AlertStore } from "../../src/alerts/store.ts";
import { createUsual } from "../../src/alerts/usual.ts";
import type { ConfigInverter, ConfigJson } from "../../src/config/types.ts";
import { createFleet, type SimulatedFleet } from "../../src/fleet/index.ts";
import type { StringFault } from "../../src/fleet/faults.ts";
import { backfill } from "../../src/history/backfill.ts";
import { HISTORY_FILE, openHistory } from "../../src/history/index.ts";
import { createSimPort } from "../../src/port/sim/index.ts";
import { createSecurity } from "../../src/security/index.ts";
import { safeParse } from "../../src/time/clock.ts";
import { BERLIN, clockAt, configWith, slot } from "../fleet/helpers.ts";

export const HM = "114182123456"; // HM-2CH: two strings
export const HMS = "116482345678"; // HMS-4CH: four strings

/** Every rule at its default, thresholds in minutes as given (each may go down to 1). */
export function rulesWith(patch: Partial<{ [K in keyof AlertRules]: Partial<AlertRules[K]> }>): AlertRules {
  const rules = defaultAlertConfig().rules;
  for (const [name, value] of Object.entries(patch)) Object.assign(rules[name as keyof AlertRules], value);
  return rules;
}

export interface Harness {
  fleet: SimulatedFleet;
  config: ConfigJson;
  alertConfig: AlertConfig;
  store: AlertStore;
  engine: Engine;
  /** What the rules look at (a test makes it watch a meter). */
  source: PortAlertSource;
  messages: ChannelMessage[];
  now(): number;
  /** Steps of `stepS` seconds up to `iso`, one evaluation per step. */
  runTo(iso: string, stepS?: number): Promise<void>;
  /** A gateway restart: new engine and store on the same history.db (the fleet runs on). */
  restart(): void;
  close(): void;
}

export async function harness(
  at: string,
  opts: { inverters?: ConfigInverter[]; rules?: AlertRules; faults?: StringFault[]; offline?: string[] } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "dtu-alerts-"));
  const { host, clock } = clockAt(at);
  const config = configWith(opts.inverters ?? [slot(HM), slot(HMS)], 5);
  const history = openHistory({ dataDir: dir, zone: () => safeParse(BERLIN), clock });
  // Five healthy days before the test's day (the fault starts "now", issue 23 §5).
  backfill(history, config, host.now(), 5);
  history.close();
  const fleet = await createFleet({
    config,
    clock,
    log: () => undefined,
    stateFile: null,
    ...(opts.offline ? { offline: opts.offline } : {}),
    ...(opts.faults ? { faults: opts.faults } : {}),
  });
  const alertConfig: AlertConfig = {
    ...defaultAlertConfig(),
    rules: opts.rules ?? defaultAlertConfig().rules,
  };
  const messages: ChannelMessage[] = [];
  const dispatcher: Dispatcher = {
    deliver: (message, onResult) => {
      messages.push(message);
      onResult({ channel: "webhook", at: Math.floor(host.now() / 1000), ok: true, error: null });
    },
    test: async () => [],
    setChannels: async () => undefined,
    close: async () => undefined,
  };
  const port = createSimPort({
    fleet,
    clock,
    hostNow: host.now,
    config: () => config,
    hostname: () => "OpenDTU-Test",
    security: createSecurity({ clock: host, log: () => undefined }),
  });
  const source = portSource(port, { watchDtu: false, readEveryMs: 0 });
  const file = join(dir, HISTORY_FILE);
  const usual = createUsual(
    file,
    () => host.now(),
    () => undefined,
  );
  const make = (store: AlertStore): Engine =>
    createEngine({
      source,
      store,
      usual,
      config: () => alertConfig,
      dispatcher: () => dispatcher,
      log: () => undefined,
    });
  const h: Harness = {
    fleet,
    config,
    alertConfig,
    store: openSqlStore(file),
    engine: null as unknown as Engine,
    source,
    messages,
    now: () => host.now(),
    async runTo(iso, stepS = 30) {
      while (host.now() < Date.parse(iso)) {
        host.advance(stepS * 1000);
        fleet.tick();
        port.tick();
        await source.refresh();
        await h.engine.tick();
      }
    },
    restart() {
      h.store.close();
      h.store = openSqlStore(file);
      h.engine = make(h.store);
    },
    close() {
      h.store.close();
      usual.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  h.engine = make(h.store);
  return h;
}

/** The messages of one kind of event, as `kind serial/channel` for readable comparisons. */
export const summaryOf = (messages: readonly ChannelMessage[], event: ChannelMessage["event"]): string[] =>
  messages
    .filter((m) => m.event === event)
    .map(
      (m) =>
        `${m.alert?.kind ?? ""} ${m.alert?.serial ?? "dtu"}${m.alert?.channel == null ? "" : `/${m.alert.channel}`}`,
    );
