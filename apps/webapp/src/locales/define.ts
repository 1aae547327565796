/**
 * One locale area: English is the source of the keys; German and French must have exactly the same keys
 * (checked here by the compiler and again by locales.test.ts at run time).
 */
export type Area<K extends string> = {
  en: Record<K, string>;
  de: Record<K, string>;
  fr: Record<K, string>;
};

export function defineArea<K extends string>(area: Area<K>): Area<K> {
  return area;
}

/**
 * The build's form of an area (scripts/pack-locales.mjs): the keys comma-separated, each language's texts
 * newline-separated in the same order. Returns the same objects as the source's `defineArea`.
 */
export function packedArea(keys: string, en: string, de: string, fr: string): Area<string> {
  const k = keys.split(",");
  const lang = (texts: string) => Object.fromEntries(texts.split("\n").map((t, i) => [k[i], t]));
  return { en: lang(en), de: lang(de), fr: lang(fr) };
}
