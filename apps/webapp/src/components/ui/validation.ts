import { useI18n, type MessageKey, type Params } from "../../lib/i18n";

/** A refused field value: the text key (area `check` or a feature's own) and its params. */
export interface Problem {
  key: MessageKey;
  params?: Params;
}

/** Field name → problem; a form may be sent only when this is empty. */
export type Problems<K extends string = string> = Partial<Record<K, Problem>>;

export function hasProblems(p: Problems): boolean {
  return Object.values(p).some((x) => x !== undefined);
}

/** Text length at most `max` (and at least `min` when given, 1 meaning required). */
export function checkLength(value: string, max: number, min = 0): Problem | undefined {
  if (min > 0 && value.length === 0) return { key: "check.required" };
  if (value.length < min) return { key: "check.minLength", params: { min } };
  if (value.length > max) return { key: "check.maxLength", params: { max, length: value.length } };
  return undefined;
}

/**
 * An MQTT topic as the device checks it (API.md §3.16: 7004–7006, 7009/7010, 7014/7015): length, no blanks, and
 * for a base topic the closing slash (which also makes it required).
 */
export function checkTopic(value: string, max: number, endSlash = false): Problem | undefined {
  if (endSlash && value === "") return { key: "check.required" };
  if (/\s/.test(value)) return { key: "check.noSpaces" };
  if (endSlash && !value.endsWith("/")) return { key: "check.endSlash" };
  return checkLength(value, max);
}

export interface NumberRule {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** The value must be a multiple of this (in the same unit). */
  step?: number;
}

/** Reads a number typed into a field: empty or not a finite number gives undefined. */
export function parseNumber(value: string): number | undefined {
  const s = value.trim();
  if (s === "") return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A number typed as text: required, numeric, optionally whole, within min..max, optionally on a step. */
export function checkNumber(value: string, rule: NumberRule): Problem | undefined {
  if (value.trim() === "") return { key: "check.required" };
  const n = parseNumber(value);
  if (n === undefined) return { key: "check.number" };
  if (rule.integer && !Number.isInteger(n)) return { key: "check.integer" };
  if (n < rule.min || n > rule.max) return { key: "check.range", params: { min: rule.min, max: rule.max } };
  if (rule.step !== undefined && n % rule.step !== 0)
    return { key: "check.step", params: { step: rule.step } };
  return undefined;
}

/** Turns a problem into its text, numbers formatted for the current locale. */
export function useProblemText(): (p: Problem | undefined) => string | undefined {
  const { t, number } = useI18n();
  return (p) => {
    if (!p) return undefined;
    const params: Params = {};
    for (const [k, v] of Object.entries(p.params ?? {})) {
      params[k] = typeof v === "number" ? number(v, Number.isInteger(v) ? 0 : decimalsOf(v)) : v;
    }
    return t(p.key, params);
  };
}

function decimalsOf(v: number): number {
  const s = String(v);
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : Math.min(6, s.length - dot - 1);
}

/** After a refused submit: move the focus to the first field marked invalid (once React has rendered it). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
