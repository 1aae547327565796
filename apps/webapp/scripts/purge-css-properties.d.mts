import type { Root } from "postcss";
export function inlineConstants(root: Root, words: ReadonlySet<string>): void;
export function unsetEmpty(root: Root, words: ReadonlySet<string>): void;
export function inlineUniform(root: Root, words: ReadonlySet<string>): void;
export function dropRepeats(root: Root): void;
