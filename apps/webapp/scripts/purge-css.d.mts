import type { Plugin } from "postcss";
export function purgeCss(options: { src: string; safelist?: (string | RegExp)[] }): Plugin;
