import { areas, LOCALES, type Locale, type MessageKey } from "../locales";
import type { Area } from "../locales/define";
import { numberText } from "./numberText";
import { StorageKey, readStorage, writeStorage } from "./storage";
import { createStore, useStore } from "./store";

export type { Locale, MessageKey };
export type Params = Record<string, string | number | undefined>;

function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

/** SEED §1: stored choice, else the browser's language prefix (en, de, fr), else English. */
export function initialLocale(stored: string | null, browser: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const lang of browser) {
    const prefix = lang.slice(0, 2).toLowerCase();
    if (isLocale(prefix)) return prefix;
  }
  return "en";
}

export const localeStore = createStore<Locale>(
  initialLocale(readStorage(StorageKey.locale), globalThis.navigator?.languages ?? []),
);

export function setLocale(locale: Locale): void {
  writeStorage(StorageKey.locale, locale);
  localeStore.set(locale);
}

function applyLang(locale: Locale): void {
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}
applyLang(localeStore.get());
localeStore.subscribe(() => applyLang(localeStore.get()));

/**
 * A key's text, looked up in its area (issue 15 §2): no table of every key is built, so only the areas a page uses
 * are unpacked (locales/define.ts `packedArea`), in its language. Own properties only: a key built at run time must
 * not find `toString` and the like.
 */
function lookup(locale: Locale, key: string): string | undefined {
  const i = key.indexOf(".");
  const area = key.slice(0, i);
  const texts = Object.hasOwn(areas, area)
    ? (areas as Record<string, Area<string>>)[area]?.[locale]
    : undefined;
  const k = key.slice(i + 1);
  return texts && Object.hasOwn(texts, k) ? texts[k] : undefined;
}

/** Replaces `{name}` with params.name; unknown placeholders stay visible so a missing param is noticed. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (all, name: string) => {
    const v = params[name];
    return v === undefined ? all : String(v);
  });
}

/** Translate a key; keys built at run time (e.g. `apiresponse.${code}`) fall back to the key itself. */
export function translate(locale: Locale, key: MessageKey | string, params?: Params): string {
  const text = lookup(locale, key) ?? lookup("en", key);
  return text === undefined ? key : interpolate(text, params);
}

export function hasKey(key: string): boolean {
  return lookup("en", key) !== undefined;
}

export type Translate = (key: MessageKey, params?: Params) => string;

export interface I18n {
  locale: Locale;
  t: Translate;
  /** Number with a fixed count of decimals, grouped per locale. */
  number: (v: number, decimals?: number) => string;
  /** Date and time in the locale's short style. */
  dateTime: (d: Date | number) => string;
  date: (d: Date | number) => string;
  time: (d: Date | number) => string;
  /** Hours and minutes only, for times that are approximate or minute-exact ("expected back around 7:45 AM"). */
  hm: (d: Date | number) => string;
}

/** A date formatter built on first use: building one costs tens of ms at a slow CPU, and most pages use none. */
function lazyFormat(locale: Locale, options: Intl.DateTimeFormatOptions): (v: Date | number) => string {
  let f: Intl.DateTimeFormat | undefined;
  return (v) => (f ??= new Intl.DateTimeFormat(locale, options)).format(v);
}

function build(locale: Locale): I18n {
  return {
    locale,
    t: (key, params) => translate(locale, key, params),
    // Intl only for what numberText leaves to it (not finite, huge): rare enough to build each time.
    number: (v, decimals = 0) =>
      numberText(locale, v, decimals) ??
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(v),
    // "medium": a four-digit year (a clock set to the wrong year must be visible).
    dateTime: lazyFormat(locale, { dateStyle: "medium", timeStyle: "medium" }),
    date: lazyFormat(locale, { dateStyle: "medium" }),
    time: lazyFormat(locale, { timeStyle: "medium" }),
    hm: lazyFormat(locale, { timeStyle: "short" }),
  };
}

/**
 * One translator per locale for the whole page (issue 15 §2): when each component built its own, the first view
 * spent ~0.5 s (CPU 4×) building Intl formatters, three per component, before the first value showed.
 */
const built = new Map<Locale, I18n>();
export function makeI18n(locale: Locale): I18n {
  let i = built.get(locale);
  if (!i) built.set(locale, (i = build(locale)));
  return i;
}

/** The translator and formatters for the current locale; re-renders when the locale changes. */
export function useI18n(): I18n {
  return makeI18n(useStore(localeStore));
}

export function useT(): Translate {
  return useI18n().t;
}
