import type { Plugin, Root } from "postcss";
export function purgeCss(options: {
  src: string;
  safelist?: (string | RegExp)[];
  /** Paths below `src` (prefixes, `/`-separated) whose words do not count. */
  exclude?: string[];
}): Plugin;
export interface SourceMarkup {
  tags: Set<string>;
  attrs: Set<string>;
  types: Set<string>;
}
export interface SourceWords {
  words: Set<string>;
  markup: SourceMarkup;
}
export function sourceWords(dir: string, exclude?: string[]): SourceWords;
export function sourceMarkup(text: string, into?: SourceMarkup): SourceMarkup;
export function formMarkupUsed(sel: string, markup: SourceMarkup, words: ReadonlySet<string>): boolean;
export function withoutComments(text: string): string;
export function dropUnwrittenFormMarkup(root: Root, source: SourceWords): void;
export const propertyPasses: ((root: Root, words: ReadonlySet<string>) => void)[];
export function purgeUnused(source: SourceWords, safelist: (string | RegExp)[]): Plugin;
