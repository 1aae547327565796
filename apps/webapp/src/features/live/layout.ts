import { StorageKey, readStorage, writeStorage } from "../../lib/storage";
import { createStore } from "../../lib/store";

/** The live view's layout (issue 24 §1): a tab per inverter, or one table of them all; remembered like the theme. */
export type LiveLayout = "tabs" | "table";

export const layoutStore = createStore<LiveLayout>(
  readStorage(StorageKey.liveLayout) === "table" ? "table" : "tabs",
);

export function setLayout(layout: LiveLayout): void {
  writeStorage(StorageKey.liveLayout, layout);
  layoutStore.set(layout);
}
