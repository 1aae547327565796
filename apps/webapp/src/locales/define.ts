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
 * The build's form of an area (scripts/pack-locales.mjs): `texts` holds each key's en, fr and de texts in turn,
 * newline-separated, "" for a text equal to English; `names` the comma-separated key names, where an empty or
 * missing name means the key's index in base 36. Returns the texts of the source's `defineArea`.
 */
export function packedArea(names: string, texts: string): Area<string> {
  const n = names.split(",");
  const x = texts.split("\n");
  const lang = (o: number) => {
    const r: Record<string, string> = {};
    for (let i = 0; i * 3 < x.length; i++) r[n[i] || i.toString(36)] = x[i * 3 + o] || (x[i * 3] as string);
    return r;
  };
  return { en: lang(0), fr: lang(1), de: lang(2) };
}
