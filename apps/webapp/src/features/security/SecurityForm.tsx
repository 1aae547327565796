import { useRef, useState, type FormEvent } from "react";
import { endpoints } from "@dtu/api/endpoints";
import type { SecurityConfig } from "@dtu/api/settings";
import { SaveButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField } from "../../components/ui/FormRow";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { useSave } from "../../components/ui/useSave";
import {
  focusFirstInvalid,
  hasProblems,
  useProblemText,
  type Problems,
} from "../../components/ui/validation";
import { useT } from "../../lib/i18n";
import { encodeCredentials, sessionStore, setSession } from "../../lib/session";
import { validateSecurity, type SecurityDraft } from "./validate";

/** Admin password (+ repeat, prefilled with the loaded one, SEED §5) and the read-only permission. */
export function SecurityForm({ initial }: { initial: SecurityConfig }) {
  const t = useT();
  const text = useProblemText();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<SecurityDraft>({
    password: initial.password,
    repeat: initial.password,
    allow_readonly: initial.allow_readonly,
  });
  const [problems, setProblems] = useState<Problems<"password" | "repeat">>({});
  const [tried, setTried] = useState(false);
  const { busy, result, clear, save } = useSave();

  const change = (patch: Partial<SecurityDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (tried) setProblems(validateSecurity(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const p = validateSecurity(draft);
    setProblems(p);
    if (hasProblems(p)) {
      clear();
      focusFirstInvalid(form.current);
      return;
    }
    // API.md §9.0 rule 2: post the GET object back with only the edits.
    const { repeat: _repeat, ...edits } = draft;
    void save(endpoints.securityConfigPost.path, { ...initial, ...edits }).then((r) => {
      // The stored credentials would fail from now on; keep this browser logged in with the new password.
      const user = sessionStore.get();
      if (r.type === "success" && user && edits.password !== initial.password) {
        setSession({ username: user.username, authdata: encodeCredentials(user.username, edits.password) });
      }
    });
  };

  return (
    <form ref={form} noValidate onSubmit={submit}>
      <Card title={t("security.passwordCard")}>
        <InputField
          label={t("security.password")}
          type="password"
          autoComplete="new-password"
          value={draft.password}
          hint={t("security.passwordHint")}
          error={text(problems.password)}
          onChange={(e) => change({ password: e.target.value })}
        />
        <InputField
          label={t("security.repeat")}
          type="password"
          autoComplete="new-password"
          value={draft.repeat}
          hint={t("security.repeatHint")}
          error={text(problems.repeat)}
          onChange={(e) => change({ repeat: e.target.value })}
        />
      </Card>
      <Card title={t("security.permissionsCard")}>
        <CheckField
          label={t("security.readonly")}
          hint={t("security.readonlyHint")}
          checked={draft.allow_readonly}
          onChange={(e) => change({ allow_readonly: e.target.checked })}
        />
      </Card>
      <ResultAlert result={result} onClose={clear} />
      <div className="text-end mb-3">
        <SaveButton busy={busy} />
      </div>
    </form>
  );
}
