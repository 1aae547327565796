import { base } from "./base";

/** Every localStorage key of the app (SEED §3): one place, so nothing else spells a key. */
export const StorageKey = {
  // Under a gateway prefix (issue 24 §5) each device keeps its own login: the key names the base (`user /d/garage/`).
  user: base == "/" ? "user" : "user " + base,
  locale: "locale",
  theme: "theme",
  /** The live view's layout: "table", else the tabs (issue 24 §1). */
  liveLayout: "liveLayout",
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

// localStorage can throw (private mode, quota, disabled storage): the app must keep working without it.
export function readStorage(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
}
