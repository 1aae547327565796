/**
 * Pure state transitions of the live view: merging GET answers and socket messages by serial (API.md §3.1, §3.2,
 * §9.2, §9.3). Nothing here mutates its inputs; unchanged parts keep their identity (structural sharing) so React
 * components selecting them skip re-rendering.
 */
import type { Field, LiveData, LiveHints, LiveInverter, LiveTotal } from "@dtu/api/live";
import { normalize } from "./normalize";

export interface InverterEntry {
  /** The inverter document as received (never mutated). Its data_age is stale: use ageAt(). */
  readonly data: LiveInverter;
  /** Local time (ms) at which the message carrying this data arrived. */
  readonly receivedAt: number;
  /** Data age in ms the device reported at receipt (data_age_ms of later firmware, else data_age × 1000). */
  readonly ageAtReceiptMs: number;
}

export interface LiveState {
  /** Key (the serial; "serial~n" for the n-th slot holding the same serial) → entry. */
  readonly inverters: Readonly<Record<string, InverterEntry>>;
  /** Keys sorted by `order`, equal ones in device order; same array while the set and order do not change. */
  readonly order: readonly string[];
  readonly total: LiveTotal | undefined;
  readonly hints: LiveHints | undefined;
  /** True once any data has arrived. */
  readonly loaded: boolean;
}

export const emptyState: LiveState = {
  inverters: {},
  order: [],
  total: undefined,
  hints: undefined,
  loaded: false,
};

/** Keys that change with every push even when nothing else did; compared through the implied reception time. */
const AGE_KEYS = new Set(["data_age", "data_age_ms"]);
/** Keys missing in the summary form of later firmware (API.md §9.2). */
const DETAIL_KEYS = ["AC", "DC", "INV", "events"] as const;

/**
 * Returns `prev` when `next` is deep-equal to it, else `next` with every deep-equal child replaced by the
 * child of `prev`. Builds new objects; never writes into either argument.
 */
export function share<T>(prev: T, next: T, ignore?: ReadonlySet<string>): T {
  if (Object.is(prev, next)) return prev;
  if (typeof prev !== "object" || typeof next !== "object" || prev === null || next === null) return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((n: unknown, i) => {
      const s = i < prev.length ? share(prev[i] as unknown, n) : n;
      if (s !== prev[i]) same = false;
      return s;
    });
    return (same ? prev : out) as T;
  }
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const pk = Object.keys(p).filter((k) => !ignore?.has(k));
  const nk = Object.keys(n).filter((k) => !ignore?.has(k));
  let same = pk.length === nk.length;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(n)) {
    const s = k in p ? share(p[k], n[k]) : n[k];
    out[k] = s;
    if (!ignore?.has(k) && s !== p[k]) same = false;
  }
  return (same ? prev : out) as T;
}

/** True when the document carries the detail keys (full form of v23.11.16, detail form of later firmware). */
export function hasDetail(inv: LiveInverter): boolean {
  return inv.AC !== undefined && inv.DC !== undefined && inv.INV !== undefined;
}

function ageMs(inv: LiveInverter): number {
  return typeof inv.data_age_ms === "number" ? inv.data_age_ms : inv.data_age * 1000;
}

/** Data age in whole seconds at local time `now`: age at receipt plus the time since receipt (SEED §3). */
export function ageAt(entry: InverterEntry, now: number): number {
  return Math.max(0, Math.floor((entry.ageAtReceiptMs + (now - entry.receivedAt)) / 1000));
}

/** Below this the implied time of the last reception is the same (data_age is whole seconds). */
const SAME_ORIGIN_MS = 1500;

function mergeInverter(prev: InverterEntry | undefined, incoming: LiveInverter, now: number): InverterEntry {
  let doc = incoming;
  // Summary form (API.md §9.2): keep the detail we already have until a detail document arrives.
  if (prev && !hasDetail(incoming) && hasDetail(prev.data)) {
    const kept: Partial<LiveInverter> = {};
    for (const k of DETAIL_KEYS) {
      if (incoming[k] === undefined && prev.data[k] !== undefined) Object.assign(kept, { [k]: prev.data[k] });
    }
    doc = { ...incoming, ...kept };
  }
  const entry: InverterEntry = { data: doc, receivedAt: now, ageAtReceiptMs: ageMs(incoming) };
  if (!prev) return entry;
  const data = share(prev.data, doc, AGE_KEYS);
  const originPrev = prev.receivedAt - prev.ageAtReceiptMs;
  const originNext = now - entry.ageAtReceiptMs;
  if (data === prev.data && Math.abs(originNext - originPrev) < SAME_ORIGIN_MS) return prev;
  return { ...entry, data };
}

function sortOrder(
  inverters: Readonly<Record<string, InverterEntry>>,
  prev: readonly string[],
): readonly string[] {
  // Stable sort: equal `order` keeps the device's list order (the insertion order of `inverters`).
  const next = Object.keys(inverters).sort(
    (a, b) => (inverters[a]?.data.order ?? 0) - (inverters[b]?.data.order ?? 0),
  );
  return next.length === prev.length && next.every((s, i) => s === prev[i]) ? prev : next;
}

/** Partial documents are tolerated: later firmware may omit parts, and `{}` elements have no serial (§9.3). */
export type LiveMessage = Partial<Pick<LiveData, "total" | "hints">> & { inverters?: readonly unknown[] };

function isInverter(x: unknown): x is LiveInverter {
  return typeof x === "object" && x !== null && typeof (x as { serial?: unknown }).serial === "string";
}

/**
 * Applies one document received at local time `now`. `authoritative` (the GET answer) also drops serials it does
 * not list (API.md §9.3); socket messages never drop anyone.
 */
export function applyDocument(
  state: LiveState,
  msg: LiveMessage,
  now: number,
  authoritative = false,
): LiveState {
  const seen = new Map<string, number>();
  // Two slots may hold the same serial (real device data): each keeps its own key, "serial~2" for the second.
  const incoming = (msg.inverters ?? []).filter(isInverter).map((raw): [string, LiveInverter] => {
    const n = (seen.get(raw.serial) ?? 0) + 1;
    seen.set(raw.serial, n);
    return [n > 1 ? `${raw.serial}~${n}` : raw.serial, normalize(raw)];
  });
  const inverters: Record<string, InverterEntry> = authoritative ? {} : { ...state.inverters };
  if (authoritative) {
    // Keep the previous entries of listed serials so their detail and identity survive the summary form.
    for (const [key] of incoming) {
      const prev = state.inverters[key];
      if (prev) inverters[key] = prev;
    }
  }
  let changed = authoritative && Object.keys(inverters).length !== Object.keys(state.inverters).length;
  for (const [key, inv] of incoming) {
    const prev = inverters[key];
    const next = mergeInverter(prev, inv, now);
    if (next !== prev) changed = true;
    inverters[key] = next;
  }
  const total = msg.total && state.total ? share(state.total, msg.total) : (msg.total ?? state.total);
  const hints = msg.hints && state.hints ? share(state.hints, msg.hints) : (msg.hints ?? state.hints);
  if (!changed && total === state.total && hints === state.hints && state.loaded) return state;
  const all = changed ? inverters : state.inverters;
  return { inverters: all, order: sortOrder(all, state.order), total, hints, loaded: true };
}

/** Serials whose stored document lacks AC/DC/INV (summary form): they need `?inv=<serial>` (API.md §9.2). */
export function missingDetail(state: LiveState): string[] {
  const out: string[] = [];
  for (const k of state.order) {
    const e = state.inverters[k];
    if (e && !hasDetail(e.data)) out.push(e.data.serial);
  }
  return out;
}

/**
 * An inverter-level property: INV/0 first, then AC/0 — later firmware moved Power DC, YieldDay, YieldTotal and
 * Efficiency from AC to INV (API.md §9.2).
 */
export function inverterField(inv: LiveInverter, name: string): Field | undefined {
  const f = inv.INV?.["0"]?.[name] ?? inv.AC?.["0"]?.[name];
  return f && "v" in f ? (f as Field) : undefined;
}
