import { CheckField, InputField } from "../../components/ui/FormRow";
import type { SettingsFormState } from "../../components/ui/useSettingsForm";
import { useT } from "../../lib/i18n";
import type { AlertDraft, AlertFlag, AlertTextField, Secret } from "./settings";

/** The state of the Settings > Alerts form (./AlertSettings.tsx). */
export type AlertForm = SettingsFormState<AlertDraft, AlertTextField>;

/** The form's three kinds of control, each bound to its draft field: a switch, a text field, a write-only secret. */
export function useAlertFields({ draft, change, bind }: AlertForm) {
  const t = useT();
  const flag = (k: AlertFlag, label: string, hint?: string) => (
    <CheckField
      label={label}
      name={k}
      checked={draft[k]}
      onChange={(e) => change({ [k]: e.target.checked })}
      {...(hint ? { hint } : {})}
    />
  );
  const input = (
    k: AlertTextField,
    label: string,
    extra: { type?: string; hint?: string; postfix?: string } = {},
  ) => <InputField label={label} {...bind(k)} {...extra} />;
  /** A write-only secret: says whether one is stored; empty keeps it, the remove flag clears it. */
  const secret = (k: Secret, label: string, isSet: boolean) => (
    <>
      <InputField
        label={label}
        type="password"
        autoComplete="new-password"
        {...bind(k)}
        disabled={draft[`${k}.clear`]}
        hint={isSet ? t("alerts.secretSet") : t("alerts.secretNotSet")}
      />
      {isSet && flag(`${k}.clear`, t("alerts.secretClear"))}
    </>
  );
  return { flag, input, secret };
}
