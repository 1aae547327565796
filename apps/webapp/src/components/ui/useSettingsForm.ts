import { useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from "react";
import { useSave, type SaveState } from "./useSave";
import { focusFirstInvalid, hasProblems, type Problems } from "./validation";

export interface SettingsFormState<D, K extends string> extends SaveState {
  form: RefObject<HTMLFormElement | null>;
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  problems: Problems<K>;
  /** Applies an edit; after the first submit the draft is checked again on every edit. */
  change: (patch: Partial<D>) => void;
  /** The form's submit handler: a refused draft marks its fields and focuses the first one, a clean one goes to `send`. */
  submit: (send: (draft: D) => void) => (e: FormEvent) => void;
}

/** Draft, problems and save state of a settings form (SEED §2: fields are checked on Save, then while typing). */
export function useSettingsForm<D, K extends string>(
  initial: D | (() => D),
  validate: (draft: D) => Problems<K>,
): SettingsFormState<D, K> {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Problems<K>>({});
  const [tried, setTried] = useState(false);
  const saving = useSave();

  const change = (patch: Partial<D>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (tried) setProblems(validate(next));
  };

  const submit = (send: (draft: D) => void) => (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const p = validate(draft);
    setProblems(p);
    if (hasProblems(p)) {
      saving.clear();
      focusFirstInvalid(form.current);
      return;
    }
    send(draft);
  };

  return { ...saving, form, draft, setDraft, problems, change, submit };
}
