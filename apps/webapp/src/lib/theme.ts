import { StorageKey, readStorage, writeStorage } from "./storage";
import { createStore } from "./store";

/** SEED §1: Light, Dark or Auto (follows the OS), stored under `theme`. */
export type Theme = "light" | "dark" | "auto";
export const THEMES: readonly Theme[] = ["light", "dark", "auto"];

function parse(v: string | null): Theme {
  return v === "light" || v === "dark" || v === "auto" ? v : "auto";
}

export const themeStore = createStore<Theme>(parse(readStorage(StorageKey.theme)));

export function setTheme(theme: Theme): void {
  writeStorage(StorageKey.theme, theme);
  themeStore.set(theme);
}

export function resolveTheme(theme: Theme, osDark: boolean): "light" | "dark" {
  return theme === "auto" ? (osDark ? "dark" : "light") : theme;
}

/**
 * Applies the theme as `data-bs-theme` on <html> and follows the OS while on Auto.
 * Returns the cleanup (removes both listeners).
 */
export function startTheme(): () => void {
  const mq = globalThis.matchMedia?.("(prefers-color-scheme: dark)");
  const apply = () =>
    document.documentElement.setAttribute(
      "data-bs-theme",
      resolveTheme(themeStore.get(), mq?.matches ?? false),
    );
  apply();
  mq?.addEventListener("change", apply);
  const unsubscribe = themeStore.subscribe(apply);
  return () => {
    mq?.removeEventListener("change", apply);
    unsubscribe();
  };
}
