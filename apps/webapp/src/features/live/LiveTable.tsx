import { useState } from "react";
import type { ChannelMap, Field } from "@dtu/api/live";
import { useI18n, type MessageKey } from "../../lib/i18n";
import { NOT_READ, readText } from "../../lib/notRead";
import { ageText, decimalsOf } from "./format";
import { useFacts, useLive, useNow } from "./hooks";
import type { LiveFeed } from "./liveStore";
import { ageAt, inverterField, type InverterEntry } from "./merge";
import { inverterStatus, stateColour, type InvState, type InvStatus } from "./state";
import { StateBadge } from "./StateText";

// Header texts, each key written out so the device build shortens it (scripts/pack-locales.mjs).
const HEAD = {
  name: "common.name",
  state: "common.status",
  power: "live.propPower",
  day: "live.yieldToday",
  total: "live.totalYield",
  volt: "live.colVolt",
  limit: "live.limitButton",
  age: "live.colAge",
} as const satisfies Record<string, MessageKey>;
type Col = keyof typeof HEAD;
type Measure = "power" | "day" | "total" | "volt";
/** State order for sorting: as the legend lists them, producing first. */
const STATES = Object.keys(stateColour) as InvState[];

/** One line: an inverter (with `status`) or one of its strings; `read` false shows dashes (issue 25 item 1). */
interface Row {
  key: string;
  name: string;
  read: boolean;
  fields: Partial<Record<Measure, Field>>;
  status?: InvStatus;
  entry?: InverterEntry;
  strings?: Row[];
}

function field(map: ChannelMap[string] | undefined, name: string): Field | undefined {
  const f = map?.[name];
  return f && "v" in f ? f : undefined;
}

function inverterRow(
  id: string,
  entry: InverterEntry | undefined,
  status: InvStatus,
  stringName: (n: number) => string,
  name = "",
): Row {
  const inv = entry?.data;
  const read = !!inv && !status.never;
  const strings = Object.entries(inv?.DC ?? {}).map(([n, ch]): Row => {
    const named = ch.name && !("v" in ch.name) ? ch.name.u : "";
    return {
      key: `${id}/${n}`,
      name: named || stringName(Number(n) + 1),
      read,
      fields: {
        power: field(ch, "Power"),
        day: field(ch, "YieldDay"),
        total: field(ch, "YieldTotal"),
        volt: field(ch, "Voltage"),
      },
    };
  });
  const fields = inv
    ? {
        power: inverterField(inv, "Power"),
        day: inverterField(inv, "YieldDay"),
        total: inverterField(inv, "YieldTotal"),
      }
    : {};
  return { key: id, name: inv?.name ?? name, read, fields, status, entry, strings };
}

/** The value a column sorts by; undefined (nothing read, no such value) sorts last either way. */
function sortKey(row: Row, col: Col, now: number): string | number | undefined {
  if (col === "name") return row.name;
  if (col === "state") return row.status && STATES.indexOf(row.status.state);
  if (!row.read) return undefined;
  if (col === "limit") return row.status && row.entry?.data.limit_relative;
  if (col === "age") return row.status && row.entry && ageAt(row.entry, now);
  return row.fields[col]?.v;
}

function sorted(rows: Row[], col: Col | undefined, desc: boolean, now: number): Row[] {
  if (!col) return rows;
  const keyed = rows.map((r) => [sortKey(r, col, now), r] as const);
  // Stable: equal values keep the device's order.
  keyed.sort(([a], [b]) => {
    if (a === undefined) return b === undefined ? 0 : 1;
    if (b === undefined) return -1;
    const c = typeof a === "string" ? a.localeCompare(String(b)) : a - (b as number);
    return desc ? -c : c;
  });
  return keyed.map(([, r]) => (r.strings ? { ...r, strings: sorted(r.strings, col, desc, now) } : r));
}

/** Data age, ticking every second on its own (the rest of the table re-renders only with new data). */
function AgeCell({ entry, read }: { entry: InverterEntry; read: boolean }) {
  const now = useNow();
  const { locale } = useI18n();
  return <td className="text-end">{read ? ageText(ageAt(entry, now), locale) : NOT_READ}</td>;
}

/**
 * Every inverter and every string in one table (issue 24 §1): the same state words, colours and dashes as the
 * panels (state.ts, StateText.tsx, lib/notRead.ts); sortable by any column header (a button each, `aria-sort` on
 * the sorted one), device order until the owner sorts. Strings stay under their inverter, sorted among themselves.
 * Scrolls sideways inside its own box at phone width, never the page.
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
  const [sort, setSort] = useState<{ col?: Col; desc: boolean }>({ desc: false });
  const now = Date.now();
  const stringName = (n: number) => t("live.cardString", { n });
  const rows = [
    ...order.map((id) => {
      const e = inverters[id];
      return inverterRow(id, e, inverterStatus(e, now, facts), stringName);
    }),
    ...unknown.map((u) =>
      inverterRow(`?${u.id}`, undefined, inverterStatus(undefined, 0), stringName, u.name),
    ),
  ];
  const value = (f: Field | undefined, read: boolean) =>
    f ? `${readText(number, f.v, decimalsOf(f.d, f.u), read)} ${f.u}` : "";
  const line = (r: Row, string: boolean) => {
    const inv = r.status && r.entry?.data;
    const muted = r.status?.stale ? "text-end stale" : "text-end";
    return (
      <tr key={r.key}>
        <th scope="row" className={string ? "fw-normal" : undefined}>
          {string && <span aria-hidden="true">↳ </span>}
          {r.name}
        </th>
        <td>{r.status && <StateBadge status={r.status} />}</td>
        {(["power", "day", "total", "volt"] as const).map((c) => (
          <td key={c} className={muted}>
            {value(r.fields[c], r.read)}
          </td>
        ))}
        <td className={muted}>
          {inv && `${readText(number, inv.limit_relative, inv.limit_relative % 1 ? 1 : 0, r.read)} %`}
        </td>
        {r.status && r.entry ? <AgeCell entry={r.entry} read={r.read} /> : <td />}
      </tr>
    );
  };
  return (
    // Focusable: a phone's keyboard can scroll it (axe scrollable-region-focusable).
    <div className="table-responsive" tabIndex={0}>
      <table className="table table-sm align-middle text-nowrap mb-0" aria-label={t("live.table")}>
        <thead>
          <tr>
            {(Object.keys(HEAD) as Col[]).map((c) => (
              <th
                key={c}
                scope="col"
                className={c === "name" || c === "state" ? undefined : "text-end"}
                aria-sort={sort.col === c ? (sort.desc ? "descending" : "ascending") : undefined}
              >
                <button
                  type="button"
                  className="btn btn-link p-0"
                  onClick={() => setSort({ col: c, desc: sort.col === c && !sort.desc })}
                >
                  {t(HEAD[c])}
                  {sort.col === c && <span aria-hidden="true">{sort.desc ? " ▼" : " ▲"}</span>}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted(rows, sort.col, sort.desc, now).flatMap((r) => [
            line(r, false),
            ...(r.strings ?? []).map((s) => line(s, true)),
          ])}
        </tbody>
      </table>
    </div>
  );
}
