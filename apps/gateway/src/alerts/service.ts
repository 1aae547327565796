/**
 * The alerts module as both modes attach it (sim.ts, proxy.ts): settings, store, engine and channels, and the API's
 * answers (routes.ts turns them into HTTP). Settings are saved before they apply: a failed write changes nothing.
 */
import { join } from "node:path";
import type { AlertCoded, AlertConfigView, AlertList, AlertResult, AlertTestResult } from "@dtu/api/alerts";
import { HISTORY_FILE } from "../history/index.ts";
import type { PosixTz } from "../time/posixTz.ts";
import {
  applyPost,
  FieldError,
  loadAlertConfig,
  saveAlertConfig,
  viewOf,
  type AlertConfig,
} from "./config.ts";
import { createBrowserHub, createChannels, createDispatcher, type BrowserHub } from "./channels/index.ts";
import type { Channel, Dispatcher } from "./contracts.ts";
import { createEngine, type Engine } from "./engine.ts";
import { codeFields, coded } from "./codes.ts";
import { wireAlert } from "./notify.ts";
import type { AlertSource } from "./source.ts";
import { openAlertStore, type AlertQuery, type AlertStore } from "./store.ts";
import { createUsual, type Learning } from "./usual.ts";
import type { Usual } from "./rules.ts";

/** The channels' side (alerts/channels/): one dispatcher, and the channels a configuration asks for. */
export interface Delivery {
  dispatcher: Dispatcher;
  channels(config: AlertConfig): Channel[];
  /** The browser channel's event stream (`GET /api/alerts/stream`); null without it. */
  hub: BrowserHub | null;
}

/** The real channels (alerts/channels/): dispatcher, browser hub, and the channels of each saved configuration. */
export function channelDelivery(
  source: AlertSource,
  store: () => AlertStore,
  log: (line: string) => void,
): Delivery {
  const hub = createBrowserHub();
  const clock = { now: () => source.snapshot().now };
  return {
    hub,
    dispatcher: createDispatcher({ log, clock }),
    channels: (config) =>
      createChannels(config.channels, {
        clock,
        log,
        hub,
        site: () => {
          const snap = source.snapshot();
          return { dtuName: snap.dtuName, dtuSerial: snap.dtuSerial, inverters: snap.inverters };
        },
        openAlerts: () => store().open(),
      }),
  };
}

export interface AlertsOptions {
  dataDir: string;
  source: AlertSource;
  log: (line: string) => void;
  /** Default: the real channels (channelDelivery); null: alerts are only stored. */
  delivery?: Delivery | null;
  /** Tests inject what was learned; default: learned from `<data>/history.db`. */
  usual?: Usual;
  /** Tests inject a store (e.g. one that cannot be opened); default: history.db, else memory. */
  store?: AlertStore;
}

export interface Alerts {
  engine: Engine;
  store: AlertStore;
  /** The browser channel's stream (null without channels). */
  hub: BrowserHub | null;
  config(): AlertConfig;
  /** The device's time zone (days of the list's `from`/`to`). */
  zone(): PosixTz;
  tick(): Promise<void>;
  list(query: AlertQuery): AlertList;
  view(): AlertConfigView;
  /** `data` of the POST (a JSON text), already read from the form. */
  post(data: string | undefined): Promise<AlertResult>;
  ack(data: string | undefined): AlertResult;
  test(): Promise<AlertTestResult>;
  close(): Promise<void>;
}

function parseData(data: string | undefined): unknown {
  if (data === undefined)
    throw new FieldError("data", "the form field data (JSON) is missing", coded("data_missing", {}));
  try {
    return JSON.parse(data);
  } catch {
    throw new FieldError("data", "data is not valid JSON", coded("data_json", {}));
  }
}

/** The API's times are epoch seconds. */
const learningWire = (l: Learning | null) =>
  l && { ...l, since: l.since === null ? null : Math.floor(l.since / 1000) };

const problemFields = (c: AlertCoded) => {
  const { code, params } = codeFields(c);
  return { problem_code: code, problem_params: params };
};

const refused = (err: unknown): AlertResult => {
  if (err instanceof FieldError)
    return { type: "warning", message: err.message, field: err.field, ...codeFields(err.coded) };
  throw err;
};

export async function createAlerts(opts: AlertsOptions): Promise<Alerts> {
  const file = join(opts.dataDir, HISTORY_FILE);
  let config = await loadAlertConfig(opts.dataDir, opts.log);
  const store = opts.store ?? openAlertStore(file, opts.log);
  const learned = opts.usual ? null : createUsual(file, () => opts.source.snapshot().now, opts.log);
  const usual = opts.usual ?? (learned as Usual);
  const delivery =
    opts.delivery === undefined ? channelDelivery(opts.source, () => store, opts.log) : opts.delivery;
  await delivery?.dispatcher.setChannels(delivery.channels(config));
  const engine = createEngine({
    source: opts.source,
    store,
    usual,
    config: () => config,
    dispatcher: () => delivery?.dispatcher ?? null,
    log: opts.log,
  });
  let saving: Promise<unknown> = Promise.resolve();

  return {
    engine,
    store,
    hub: delivery?.hub ?? null,
    config: () => config,
    zone: () => opts.source.zone(),
    // The source's reads first (limit and power status, src/alerts/source.ts), then the evaluation.
    tick: async () => {
      await opts.source.refresh?.();
      await engine.tick();
    },
    list: (query) => ({
      // Only the fields of the wire type: the key stays inside.
      alerts: store.list(query).map(wireAlert),
      storage: store.storage,
      problem: store.problem?.message ?? null,
      ...(store.problem ? problemFields(store.problem.coded) : {}),
      language: config.language,
      language_set: config.language_set,
      learning: config.rules.weak_string.enabled ? learningWire(learned?.learning() ?? null) : null,
    }),
    view: () => viewOf(config),
    post(data) {
      // One save at a time, each merged over the result of the one before.
      const run = saving.then(async (): Promise<AlertResult> => {
        let next: AlertConfig;
        try {
          next = applyPost(config, parseData(data));
        } catch (err) {
          return refused(err);
        }
        try {
          await saveAlertConfig(opts.dataDir, next);
        } catch (err) {
          opts.log(`Alerts: settings not saved (${(err as NodeJS.ErrnoException).code ?? "write failed"})`);
          return {
            type: "danger",
            message: "The settings could not be written; nothing was changed.",
            ...codeFields(coded("not_written", {})),
          };
        }
        config = next;
        await delivery?.dispatcher.setChannels(delivery.channels(config));
        return { type: "success", message: "Settings saved.", ...codeFields(coded("saved", {})) };
      });
      saving = run.catch(() => undefined);
      return run;
    },
    ack(data) {
      try {
        const body = parseData(data) as { id?: unknown } | null;
        const id = body?.id;
        if (typeof id !== "number" || !Number.isInteger(id) || id < 1)
          throw new FieldError("id", "id must be the number of an alert", coded("alert_id", {}));
        if (!store.acknowledge(id))
          throw new FieldError("id", `there is no alert ${id}`, coded("no_alert", { id }));
        return {
          type: "success",
          message: `Alert ${id} acknowledged.`,
          ...codeFields(coded("acknowledged", { id })),
        };
      } catch (err) {
        return refused(err);
      }
    },
    test: () => engine.test(),
    async close() {
      await engine.idle();
      await delivery?.dispatcher.close();
      delivery?.hub?.close();
      learned?.close();
      store.close();
      opts.source.close();
    },
  };
}
