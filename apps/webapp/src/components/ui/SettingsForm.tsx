import type { ReactNode } from "react";
import { SaveButton } from "./Buttons";
import { ResultAlert } from "./ResultAlert";
import type { SettingsFormState } from "./useSettingsForm";

/** A settings form: its cards, then the result of the last save and the Save button. */
export function SettingsForm<D, K extends string>({
  state,
  onValid,
  children,
}: {
  state: SettingsFormState<D, K>;
  /** Called with a draft that passed the checks. */
  onValid: (draft: D) => void;
  children: ReactNode;
}) {
  return (
    <form ref={state.form} noValidate onSubmit={state.submit(onValid)}>
      {children}
      <ResultAlert result={state.result} onClose={state.clear} />
      <div className="text-end mb-3">
        <SaveButton busy={state.busy} />
      </div>
    </form>
  );
}
