import { useState, type ReactNode } from "react";
import type { Field } from "@dtu/api/live";
import { useI18n, type MessageKey } from "../../lib/i18n";
import { NOT_READ, readText } from "../../lib/notRead";
import { ageText, decimalsOf } from "./format";
import { useFacts, useLive, useNow } from "./hooks";
import type { LiveFeed } from "./liveStore";
import { ageAt, inverterField, type InverterEntry } from "./merge";
import { stringName } from "./props";
import { inverterStatus, stateColour, type InvState, type InvStatus } from "./state";
import { StateBadge } from "./StateText";

// Header texts, each key written out so the device build shortens it (scripts/pack-locales.mjs).
const HEAD = [
  "common.name",
  "common.status",
  "live.propPower",
  "live.yieldToday",
  "live.totalYield",
  "live.colVolt",
  "live.limitButton",
  "live.colAge",
] as const satisfies readonly MessageKey[];
/** State order for sorting: as the legend lists them, producing first. */
const STATES = Object.keys(stateColour) as InvState[];

/** A cell: the value it sorts by (undefined: nothing read or no such value, last either way) and what it shows. */
type Cell = readonly [key: string | number | undefined, shown: ReactNode];
/** One line, a cell per column of HEAD: an inverter with its strings, or a string. */
interface Row {
  key: string;
  cells: readonly Cell[];
  /** Not current: the values muted as in the panels (issue 13 item 2). */
  stale?: boolean;
  strings?: Row[];
}
const NONE: Cell = [undefined, ""];

function sorted(rows: Row[], col: number | undefined, desc: boolean): Row[] {
  if (col === undefined) return rows;
  // Stable: equal values keep the device's order. Numbers within names count as numbers ("Garage 9" before
  // "Garage 10").
  const out = [...rows].sort(({ cells: { [col]: [a] = NONE } }, { cells: { [col]: [b] = NONE } }) => {
    if (a === undefined) return b === undefined ? 0 : 1;
    if (b === undefined) return -1;
    const c =
      typeof a === "string" ? a.localeCompare(String(b), undefined, { numeric: true }) : a - (b as number);
    return desc ? -c : c;
  });
  return out.map((r) => (r.strings ? { ...r, strings: sorted(r.strings, col, desc) } : r));
}

/** Data age, ticking every second on its own (the rest of the table re-renders only with new data). */
function Age({ entry, read }: { entry: InverterEntry; read: boolean }) {
  const now = useNow();
  const { locale } = useI18n();
  return read ? ageText(ageAt(entry, now), locale) : NOT_READ;
}

type Sort = { col?: number; desc: boolean };

/** The column headers, each a button that sorts by it (`aria-sort` on the sorted one). */
function Head({ sort, setSort }: { sort: Sort; setSort: (s: Sort) => void }) {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        {HEAD.map((key, i) => (
          <th
            key={key}
            scope="col"
            className={i < 2 ? undefined : "text-end"}
            aria-sort={sort.col === i ? (sort.desc ? "descending" : "ascending") : undefined}
          >
            <button
              type="button"
              className="btn btn-link p-0"
              onClick={() => setSort({ col: i, desc: sort.col === i && !sort.desc })}
            >
              {t(key)}
              {sort.col === i && <span aria-hidden="true">{sort.desc ? " ▼" : " ▲"}</span>}
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * Every inverter and every string in one table (issue 24 §1): the same state words, colours and dashes as the
 * panels (state.ts, StateText.tsx, lib/notRead.ts); sortable by any column header (a button each, `aria-sort` on
 * the sorted one), device order until the owner sorts. Strings stay under their inverter, sorted among themselves.
 * Scrolls sideways inside its own box at phone width, never the page; there a line above it says so (issue 34 §13).
 */
export function LiveTable({
  feed,
  unknown,
}: {
  feed: LiveFeed;
  unknown: readonly { id: number; name: string }[];
}) {
  const { t, number } = useI18n();
  const order = useLive((s) => s.order, feed);
  const inverters = useLive((s) => s.inverters, feed);
  const facts = useFacts(feed);
  const [sort, setSort] = useState<Sort>({ desc: false });
  const now = Date.now();
  // A measured value with its `d` decimals and unit; a dash when never read (lib/notRead.ts).
  const value = (f: Field | undefined, read: boolean): Cell =>
    f ? [read ? f.v : undefined, `${readText(number, f.v, decimalsOf(f.d, f.u), read)} ${f.u}`] : NONE;
  const state = (status: InvStatus): Cell => [STATES.indexOf(status.state), <StateBadge status={status} />];
  const rows: Row[] = order.flatMap((id) => {
    const entry = inverters[id];
    if (!entry) return [];
    const inv = entry.data;
    const status = inverterStatus(entry, now, facts);
    const read = !status.never;
    const limit = inv.limit_relative;
    const strings = Object.entries(inv.DC ?? {}).map(([n, ch]): Row => {
      const name = stringName(ch) || t("live.cardString", { n: Number(n) + 1 });
      const f = (k: string) => value(ch[k] as Field | undefined, read);
      return {
        key: `${id}/${n}`,
        stale: status.stale,
        cells: [
          [
            name,
            <span className="fw-normal">
              <span aria-hidden="true">↳ </span>
              {name}
            </span>,
          ],
          NONE,
          f("Power"),
          f("YieldDay"),
          f("YieldTotal"),
          f("Voltage"),
          NONE,
          NONE,
        ],
      };
    });
    const f = (k: string) => value(inverterField(inv, k), read);
    const cells: Cell[] = [
      [inv.name, inv.name],
      state(status),
      f("Power"),
      f("YieldDay"),
      f("YieldTotal"),
      NONE,
      [read ? limit : undefined, `${readText(number, limit, limit % 1 ? 1 : 0, read)} %`],
      [read ? ageAt(entry, now) : undefined, <Age entry={entry} read={read} />],
    ];
    return [{ key: id, stale: status.stale, cells, strings }];
  });
  for (const u of unknown)
    rows.push({ key: `?${u.id}`, cells: [[u.name, u.name], state(inverterStatus(undefined, 0))] });
  const line = (r: Row) => (
    <tr key={r.key}>
      {HEAD.map((_, i) => {
        const shown = r.cells[i]?.[1];
        return i ? (
          <td key={i} className={i < 2 ? undefined : r.stale ? "text-end stale" : "text-end"}>
            {shown}
          </td>
        ) : (
          <th key={i} scope="row">
            {shown}
          </th>
        );
      })}
    </tr>
  );
  return (
    <>
      <p className="small text-body-secondary mb-1 d-md-none">{t("live.tableScroll")}</p>
      {/* Focusable: a phone's keyboard can scroll it (axe scrollable-region-focusable). */}
      <div className="table-responsive" tabIndex={0}>
        <table className="table table-sm align-middle text-nowrap mb-0">
          <Head sort={sort} setSort={setSort} />
          <tbody>
            {sorted(rows, sort.col, sort.desc).flatMap((r) => [line(r), ...(r.strings ?? []).map(line)])}
          </tbody>
        </table>
      </div>
    </>
  );
}
