export const REACT_DOM_CLIENT: RegExp;
export type AlwaysFalse = {
  name: string;
  declaration: string;
  without: string;
  writes: number;
  reads: number;
};
export const ALWAYS_FALSE: AlwaysFalse[];
export const EDITS: { why: string; find: string; replace: string }[];
export function asFalse(code: string, v: AlwaysFalse): string;
export function withoutDeadPaths(code: string): string;
export function reactDeadPaths(): import("vite").Plugin;
export function installedClient(): { file: string; text: string };
export function appSources(dir?: string): { file: string; text: string }[];
