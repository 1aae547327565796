import type { Plugin } from "postcss";
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
export function sourceMarkup(text: string, into?: SourceMarkup): SourceMarkup;
export function formMarkupUsed(sel: string, markup: SourceMarkup, words: ReadonlySet<string>): boolean;
export function withoutComments(text: string): string;
export function dropUnusedKeyframes(root: import("postcss").Root, words: ReadonlySet<string>): void;
