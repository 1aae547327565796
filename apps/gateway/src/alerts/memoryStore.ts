/**
 * Alerts kept in memory while history.db cannot be used (store.ts): the same answers as the table, lost at a
 * restart unless the file can be written again before it, when store.ts moves them into the table (`gathered`).
 */
import type { AlertDelivery } from "@dtu/api/alerts";
import type { DeliveryResult } from "./contracts.ts";
import type { AlertQuery, AlertStore, StoreProblem, StoredAlert } from "./store.ts";

/** Alerts are kept a year after they ended (both stores). */
export const KEEP_S = 366 * 86400;
/** At most this many alerts in one answer (newest first). */
export const LIST_MAX = 1000;

/**
 * Alerts raised in memory are numbered after this: the table never gets that far, so an id given out in memory never
 * names another alert of the table once the alerts have moved there (store.ts maps the old ids to the new).
 */
export const MEMORY_IDS_AFTER = 1_000_000_000;

/** What a memory store holds, for the table to take over (store.ts `adopt`). */
export interface Gathered {
  alerts: StoredAlert[];
  meta: [string, string][];
  /** Ids of alerts that came from the table (the open ones when it failed): rows to update, not to add. */
  fromTable: ReadonlySet<number>;
}

export interface MemoryAlertStore extends AlertStore {
  gathered(): Gathered;
}

export function withDelivery(list: AlertDelivery[], result: DeliveryResult): AlertDelivery[] {
  return [...list.filter((d) => d.channel !== result.channel), { ...result }];
}

const overlaps = (a: StoredAlert, q: AlertQuery): boolean =>
  (!q.openOnly || a.cleared === null) &&
  (q.to === undefined || a.started < q.to) &&
  (q.from === undefined || a.cleared === null || a.cleared >= q.from);

/** `seed`: alerts to start from (the open ones when the table failed during a run). */
export function memoryStore(problem: StoreProblem, seed: readonly StoredAlert[] = []): MemoryAlertStore {
  const alerts: StoredAlert[] = seed.map((a) => ({ ...a }));
  const fromTable = new Set(seed.map((a) => a.id));
  const meta = new Map<string, string>();
  let next = Math.max(MEMORY_IDS_AFTER, ...alerts.map((a) => a.id)) + 1;
  const find = (id: number): StoredAlert | undefined => alerts.find((a) => a.id === id);
  return {
    storage: "memory",
    problem,
    insert(a) {
      const alert: StoredAlert = { ...a, id: next++, cleared: null, acknowledged: false, deliveries: [] };
      alerts.push(alert);
      return { ...alert };
    },
    clear(id, at) {
      const a = find(id);
      if (a && a.cleared === null) a.cleared = at;
    },
    acknowledge(id) {
      const a = find(id);
      if (a) a.acknowledged = true;
      return a !== undefined;
    },
    open: () => alerts.filter((a) => a.cleared === null).map((a) => ({ ...a })),
    list: (q) =>
      alerts
        .filter((a) => overlaps(a, q))
        .sort((x, y) => y.started - x.started || y.id - x.id)
        .slice(0, LIST_MAX)
        .map((a) => ({ ...a })),
    delivery(id, result) {
      const a = find(id);
      if (!a) return null;
      a.deliveries = withDelivery(a.deliveries, result);
      return { ...a };
    },
    seen: (key, since) => alerts.some((a) => a.key === key && a.started >= since),
    meta: (name) => meta.get(name) ?? null,
    setMeta: (name, value) => void meta.set(name, value),
    prune(now) {
      for (let i = alerts.length - 1; i >= 0; i--) {
        const c = alerts[i]?.cleared;
        if (c !== null && c !== undefined && c < now - KEEP_S) alerts.splice(i, 1);
      }
    },
    close: () => undefined,
    gathered: () => ({ alerts: alerts.map((a) => ({ ...a })), meta: [...meta], fromTable }),
  };
}
