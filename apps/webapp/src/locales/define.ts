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
 *
 * Each language is unpacked on first read, then kept (issue 15 §2): unpacking every area in all three languages at
 * module load, plus a table of every key, cost about 10-20 ms of the first view at CPU 4× (profiled), though a page
 * shows one language and a few areas.
 */
export function packedArea(names: string, texts: string): Area<string> {
  const made: Record<string, string>[] = [];
  const lang = (o: number) => {
    if (!made[o]) {
      const n = names.split(",");
      const x = texts.split("\n");
      const r: Record<string, string> = (made[o] = {});
      for (let i = 0; i * 3 < x.length; i++) r[n[i] || i.toString(36)] = x[i * 3 + o] || (x[i * 3] as string);
    }
    return made[o];
  };
  return {
    get en() {
      return lang(0);
    },
    get fr() {
      return lang(1);
    },
    get de() {
      return lang(2);
    },
  };
}

/**
 * One area from two parts with the same key prefix (`alerts.ts` and `alerts.screens.ts`): the gateway build loads the
 * second part with the screens that use it (locales/index.gateway.ts). Each language is joined on its first read,
 * then kept. The parts have no key in common (locales.test.ts).
 */
export function joinAreas<A extends string, B extends string>(a: Area<A>, b: Area<B>): Area<A | B> {
  const made: Partial<Record<keyof Area<string>, Record<A | B, string>>> = {};
  const lang = (l: keyof Area<string>) => (made[l] ??= { ...a[l], ...b[l] } as Record<A | B, string>);
  return {
    get en() {
      return lang("en");
    },
    get de() {
      return lang("de");
    },
    get fr() {
      return lang("fr");
    },
  };
}
