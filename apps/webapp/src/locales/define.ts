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
