import type { Plugin } from "vite";
export function packLocales(): Plugin;
