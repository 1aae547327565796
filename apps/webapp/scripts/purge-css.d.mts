import type { Plugin } from "postcss";
export function purgeCss(options: { src: string; safelist?: (string | RegExp)[] }): Plugin;
export function inlineConstants(root: import("postcss").Root, words: ReadonlySet<string>): void;
