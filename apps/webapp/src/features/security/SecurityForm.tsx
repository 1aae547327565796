import { endpoints } from "@dtu/api/endpoints";
import type { SecurityConfig } from "@dtu/api/settings";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { useT } from "../../lib/i18n";
import { encodeCredentials, sessionStore, setSession } from "../../lib/session";
import { validateSecurity, type SecurityDraft } from "./validate";

/** Admin password (+ repeat, prefilled with the loaded one, SEED §5) and the read-only permission. */
export function SecurityForm({ initial }: { initial: SecurityConfig }) {
  const t = useT();
  const state = useSettingsForm<SecurityDraft, "password" | "repeat">(
    { password: initial.password, repeat: initial.password, allow_readonly: initial.allow_readonly },
    validateSecurity,
    { 10001: "password" },
  );
  const { draft, change, bind } = state;

  const send = ({ repeat: _repeat, ...edits }: SecurityDraft) => {
    // API.md §9.0 rule 2: post the GET object back with only the edits.
    void state.save(endpoints.securityConfigPost.path, { ...initial, ...edits }).then((r) => {
      // The stored credentials would fail from now on; keep this browser logged in with the new password.
      const user = sessionStore.get();
      if (r.type === "success" && user && edits.password !== initial.password) {
        setSession({ username: user.username, authdata: encodeCredentials(user.username, edits.password) });
      }
    });
  };

  return (
    <SettingsForm state={state} onValid={send}>
      <Card title={t("security.passwordCard")}>
        <InputField
          label={t("common.password")}
          {...bind("password")}
          type="password"
          autoComplete="new-password"
          hint={t("security.passwordHint")}
        />
        <InputField
          label={t("security.repeat")}
          {...bind("repeat")}
          type="password"
          autoComplete="new-password"
          hint={t("security.repeatHint")}
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
    </SettingsForm>
  );
}
