/**
 * Settings > Meter (issue 31 §5): the meter's source, address, credentials (the password write-only: "set"), where
 * the value is, and how often it is read; "Read now" tries the settings as typed (./ReadNow.tsx). A refusal of the
 * gateway names its field and is shown there, in the owner's language (./words.ts).
 */
import { useState } from "react";
import { METER_KINDS, type MeterConfigView } from "@dtu/api/meter";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField, SelectField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm, type SettingsFormState } from "../../components/ui/useSettingsForm";
import { useProblemText, type Problem } from "../../components/ui/validation";
import { getJson } from "../../lib/http";
import { useI18n, useT, type MessageKey } from "../../lib/i18n";
import { configUrl, saveConfigPath } from "./api";
import { ReadNow } from "./ReadNow";
import {
  fieldsOf,
  meterBody,
  meterDraft,
  validateMeter,
  type MeterDraft,
  type MeterTextField,
} from "./settings";
import { refusedField, resultText } from "./results";

const KIND_TEXT: Record<(typeof METER_KINDS)[number], MessageKey> = {
  shelly: "meter.kind_shelly",
  tasmota: "meter.kind_tasmota",
  http: "meter.kind_http",
  mqtt: "meter.kind_mqtt",
  sim: "meter.kind_sim",
};

export function MeterSettings({ initial: loaded }: { initial: MeterConfigView }) {
  const { t } = useI18n();
  const [initial, setInitial] = useState(loaded);
  // A refusal naming its field shows there (answerAt), in the owner's language (./results.ts), focused.
  const state = useSettingsForm(() => meterDraft(loaded), validateMeter, {}, refusedField);
  const problemText = useProblemText();

  const saved = () =>
    void getJson(configUrl()).then(
      (view) => {
        setInitial(view);
        state.setDraft((d) => ({ ...d, password: "", passwordClear: false }));
      },
      () => undefined,
    );

  const send = (d: MeterDraft) =>
    void state.save(saveConfigPath(), meterBody(d)).then((r) => {
      const at = refusedField(r);
      // Shown at its field, the alert under the form stays empty; any other answer there in the page's language.
      if (!at || !state.form.current?.elements.namedItem(at.field))
        state.setResult({ type: r.type, message: resultText(t, r) });
      if (r.type === "success") saved();
    });

  return (
    <>
      <SettingsForm state={state} onValid={send}>
        <MeterFields
          form={state}
          passwordSet={initial.password_set}
          // The kind is no text field of the draft's checks, but the gateway may refuse it (code `kind`).
          kindError={problemText((state.problems as Partial<Record<string, Problem>>).kind)}
        />
      </SettingsForm>
      <ReadNow draft={state.draft} onRefused={(r) => state.showAnswer?.(r)} />
    </>
  );
}

type MeterForm = SettingsFormState<MeterDraft, MeterTextField>;

/** The settings' fields, those of the chosen kind of meter only. */
function MeterFields({
  form,
  passwordSet,
  kindError,
}: {
  form: MeterForm;
  passwordSet: boolean;
  kindError: string | undefined;
}) {
  const t = useT();
  const { draft, change, bind: text } = form;
  const shown = fieldsOf(draft.kind);
  return (
    <Card title={t("meter.source")}>
      <CheckField
        label={t("meter.enabled")}
        name="enabled"
        checked={draft.enabled}
        onChange={(e) => change({ enabled: e.target.checked })}
      />
      <SelectField
        label={t("meter.kind")}
        name="kind"
        value={draft.kind}
        error={kindError}
        onChange={(e) => change({ kind: e.target.value })}
        options={METER_KINDS.map((k) => [k, t(KIND_TEXT[k])] as const)}
      />
      {shown.url && <InputField label={t("meter.url")} hint={t("meter.urlHint")} {...text("url")} />}
      {shown.credentials && (
        <>
          <InputField label={t("meter.username")} autoComplete="off" {...text("username")} />
          <InputField
            label={t("meter.password")}
            type="password"
            autoComplete="new-password"
            hint={passwordSet ? t("meter.passwordSet") : t("meter.passwordNotSet")}
            data-password-set={passwordSet}
            disabled={draft.passwordClear}
            {...text("password")}
          />
          {passwordSet && (
            <CheckField
              label={t("meter.passwordClear")}
              name="passwordClear"
              checked={draft.passwordClear}
              onChange={(e) => change({ passwordClear: e.target.checked, password: "" })}
            />
          )}
        </>
      )}
      {shown.topic && <InputField label={t("meter.topic")} {...text("topic")} />}
      {shown.path && <InputField label={t("meter.path")} hint={t("meter.pathHint")} {...text("path")} />}
      {shown.pathExport && (
        <InputField label={t("meter.pathExport")} hint={t("meter.pathExportHint")} {...text("path_export")} />
      )}
      {shown.unit && (
        <SelectField
          label={t("meter.unit")}
          name="unit"
          value={draft.unit}
          onChange={(e) => change({ unit: e.target.value })}
          options={[
            ["W", "W"],
            ["kW", "kW"],
          ]}
        />
      )}
      {shown.invert && (
        <CheckField
          label={t("meter.invert")}
          name="invert"
          checked={draft.invert}
          onChange={(e) => change({ invert: e.target.checked })}
        />
      )}
      <InputField label={t("meter.interval")} postfix="ms" inputMode="numeric" {...text("interval_ms")} />
    </Card>
  );
}
