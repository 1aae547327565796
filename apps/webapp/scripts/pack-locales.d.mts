import type { Plugin } from "vite";

type Texts = Record<string, string>;
type Areas = Record<string, { en: Texts; de: Texts; fr: Texts }>;

export const DYNAMIC_PREFIXES: string[];
export function pack(areaName: string, area: Areas[string], part?: boolean): [string, string] | undefined;
export function renames(areas: Areas): Map<string, string>;
export function defineAreaImport(code: string): string | undefined;
export function renameKeys(code: string, map: Map<string, string>): string;
export function packLocales(areas?: Areas): Plugin;
