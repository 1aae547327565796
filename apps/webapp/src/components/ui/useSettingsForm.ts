import { useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { resultKey } from "./ResultAlert";
import { clearNotices, useSave, type SaveState } from "./useSave";
import { focusFirstInvalid, hasProblems, useProblemText, type Problem, type Problems } from "./validation";

/** The draft's text fields. */
type TextKey<D> = { [P in keyof D]: D[P] extends string ? P : never }[keyof D] & string;

export interface SettingsFormState<D, K extends string> extends SaveState {
  form: RefObject<HTMLFormElement | null>;
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  problems: Problems<K>;
  /** Applies an edit; after the first submit the draft is checked again on every edit. */
  change: (patch: Partial<D>) => void;
  /** The form's submit handler: a refused draft marks its fields and focuses the first one, a clean one goes to `send`. */
  submit: (send: (draft: D) => void) => (e: FormEvent) => void;
  /** Props tying a control to the text field `k`: name, value, the text of its problem, edits. */
  bind: (k: TextKey<D>) => {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (e: { target: { value: string } }) => void;
  };
  /**
   * Gateway build: shows an answer that came another way (e.g. the refusal of a trial POST, features/meter/ReadNow)
   * at the field `answerAt` names, as a save's answer is; an edit takes it away again. Absent in the device build.
   */
  showAnswer?: (r: ApiResult) => void;
}

/**
 * Device answers that concern one field: the answer's code (or, for a code-less answer, its text key) → the field,
 * named as its control's `name`.
 */
export type AnswerFields<K extends string> = Partial<Record<string | number, K>>;

/**
 * Draft, problems and save state of a settings form (SEED §2: fields are checked on Save, then while typing). A
 * device refusal listed in `answers` is shown at its field like a check of our own, translated, and focused (issue 11).
 */
export function useSettingsForm<D, K extends string>(
  initial: D | (() => D),
  validate: (draft: D) => Problems<K>,
  answers: AnswerFields<K> = {},
  /**
   * Gateway build: an answer that names its field itself (the gateway's own APIs, e.g. `field` of
   * `@dtu/api/alerts` AlertResult) → that field and its text. The device build never calls it.
   */
  answerAt?: (r: ApiResult) => { field: string; problem: Problem } | undefined,
): SettingsFormState<D, K> {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Problems<K>>({});
  const [tried, setTried] = useState(false);
  const saving = useSave();
  const text = useProblemText();

  const change = (patch: Partial<D>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (tried) setProblems(validate(next));
    // Gateway build: before the first Save only a shown answer can be there (showAnswer); the edit ends it.
    else if (__GATEWAY_BUILD__) setProblems({});
  };

  const atField = (r: ApiResult) => {
    const own = __GATEWAY_BUILD__ ? answerAt?.(r) : undefined;
    // Success codes are in no map; an unknown answer has no key and stays in the alert.
    const key = resultKey(r);
    const field = own ? own.field : key && answers[r.code ?? key];
    // Only a field on screen can show it (e.g. no address fields while DHCP is on): else the alert stays.
    if (!field || !form.current?.elements.namedItem(field)) return;
    setProblems((p) => ({ ...p, [field]: own ? own.problem : { key, params: r.param } }));
    saving.clear();
    focusFirstInvalid(form.current);
  };

  const submit = (send: (draft: D) => void) => (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const p = validate(draft);
    setProblems(p);
    if (hasProblems(p)) {
      clearNotices();
      focusFirstInvalid(form.current);
      return;
    }
    send(draft);
  };

  const save = (path: string, body: unknown) =>
    saving.save(path, body).then((r) => {
      atField(r);
      return r;
    });

  const bind = (k: TextKey<D>) => ({
    name: k,
    value: draft[k] as string,
    error: text((problems as Partial<Record<string, Problem>>)[k]),
    onChange: (e: { target: { value: string } }) => change({ [k]: e.target.value } as Partial<D>),
  });

  const state: SettingsFormState<D, K> = {
    ...saving,
    save,
    form,
    draft,
    setDraft,
    problems,
    change,
    submit,
    bind,
  };
  // Gateway build only: the device's forms show no answers but their own saves' (no bytes in the device build).
  if (__GATEWAY_BUILD__) state.showAnswer = atField;
  return state;
}
