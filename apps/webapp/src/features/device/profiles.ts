/** Pure parts of the device manager's pin tab (SEED §2, API.md §5.3). */

export type PinValue = number | boolean | null | undefined;
/** A profile or the active pins: `name` plus categories of named pin values. */
export interface PinSet {
  name: string;
  [category: string]: unknown;
}

/** The first dropdown entry; saved as this literal name (API.md §3.11). */
export const DEFAULT_PROFILE = "Default";

/** SEED §2/§5.3: −1 (nrf24/cmt/eth/led), 255 (display) and null mean "no pin". */
export function isUnset(v: PinValue): boolean {
  return v === undefined || v === null || v === -1 || v === 255;
}

/** Dropdown entries: "Default" first, then the saved profile names sorted by name (no duplicates). */
export function profileNames(profiles: readonly { name: string }[], current?: string): string[] {
  const names = new Set(profiles.map((p) => p.name).filter((n) => n !== "" && n !== DEFAULT_PROFILE));
  // A configured name whose profile is gone still has to be selectable so it is posted back unchanged.
  if (current && current !== DEFAULT_PROFILE) names.add(current);
  return [
    DEFAULT_PROFILE,
    ...[...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
  ];
}

/** The dropdown value for the configured profile name (an empty name means the compiled defaults). */
export function selectedName(current: string): string {
  return current === "" ? DEFAULT_PROFILE : current;
}

export interface PinRow {
  category: string;
  name: string;
  /** undefined: the profile does not set this key, the firmware's compiled default applies. */
  selected: PinValue;
  active: PinValue;
  differs: boolean;
}

function groups(set: PinSet | undefined): Map<string, Record<string, PinValue>> {
  const m = new Map<string, Record<string, PinValue>>();
  if (!set) return m;
  for (const [k, v] of Object.entries(set)) {
    if (k === "name" || k === "links" || v === null || typeof v !== "object" || Array.isArray(v)) continue;
    m.set(k, v as Record<string, PinValue>);
  }
  return m;
}

/**
 * Whether a selected profile value differs from the active one. A key the profile lacks means "compiled
 * default" (API.md §5.3), which the UI cannot know, so it never counts as a difference; nor does a key the
 * running firmware does not report.
 */
function differs(selected: PinValue, active: PinValue): boolean {
  if (selected === undefined || active === undefined) return false;
  if (isUnset(selected) && isUnset(active)) return false;
  return selected !== active;
}

/** Comparison table rows: every category and pin of either side, in the active pins' order first. */
export function compareRows(selected: PinSet | undefined, active: PinSet): PinRow[] {
  const sel = groups(selected);
  const act = groups(active);
  const cats = [...new Set([...act.keys(), ...sel.keys()])];
  const rows: PinRow[] = [];
  for (const category of cats) {
    const a = act.get(category) ?? {};
    const s = sel.get(category) ?? {};
    for (const name of new Set([...Object.keys(a), ...Object.keys(s)])) {
      rows.push({ category, name, selected: s[name], active: a[name], differs: differs(s[name], a[name]) });
    }
  }
  return rows;
}
