/**
 * Settings > Meter (issue 31 §5): the meter's source, address, credentials (the password write-only: "set"), where
 * the value is, and how often it is read; "Read now" tries the settings as typed (./ReadNow.tsx). A refusal of the
 * gateway names its field and is shown there, in the owner's language (./words.ts).
 */
import { useState } from "react";
import { METER_KINDS, type MeterConfigView, type MeterResult } from "@dtu/api/meter";
import type { ApiResult } from "@dtu/api/codes";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField, SelectField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm, type SettingsFormState } from "../../components/ui/useSettingsForm";
import { focusFirstInvalid, useProblemText, type Problem } from "../../components/ui/validation";
import { getJson } from "../../lib/http";
import { useI18n, useT, type MessageKey } from "../../lib/i18n";
import { configUrl, saveConfig } from "./api";
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

type Refusal = { field: string; problem: Problem } | null;

export function MeterSettings({ initial: loaded }: { initial: MeterConfigView }) {
  const { t } = useI18n();
  const [initial, setInitial] = useState(loaded);
  const state = useSettingsForm(() => meterDraft(loaded), validateMeter);
  const [refused, setRefused] = useState<Refusal>(null);
  const problemText = useProblemText();

  /** A text field with the form's binding; the gateway's refusal of it, while not edited since, as its error. */
  const text = (k: MeterTextField) => {
    const b = state.bind(k);
    const own = refused?.field === k ? problemText(refused.problem) : undefined;
    return {
      ...b,
      error: b.error ?? own,
      onChange: (e: { target: { value: string } }) => {
        if (refused?.field === k) setRefused(null);
        b.onChange(e);
      },
    };
  };

  const answered = (r: MeterResult) => {
    const at = refusedField(r);
    if (at && state.form.current?.elements.namedItem(at.field)) {
      setRefused(at);
      // Shown at its field (focused), so the alert under the form stays empty.
      state.clear();
      focusFirstInvalid(state.form.current);
      return;
    }
    if (r.type !== "success") return;
    void getJson(configUrl()).then(
      (view) => {
        setInitial(view);
        state.setDraft((d) => ({ ...d, password: "", passwordClear: false }));
      },
      () => undefined,
    );
  };

  const send = (d: MeterDraft) => {
    setRefused(null);
    let answer: MeterResult | null = null;
    // The result alert shows the answer in the page's language; a refused field then takes it over (answered).
    const shown = saveConfig(meterBody(d)).then((r): ApiResult => {
      answer = r;
      return { type: r.type, message: resultText(t, r) };
    });
    void state.run(shown).then(() => {
      if (answer) answered(answer);
    });
  };

  return (
    <>
      <SettingsForm state={state} onValid={send}>
        <MeterFields
          form={state}
          text={text}
          passwordSet={initial.password_set}
          kindError={refused?.field === "kind" ? problemText(refused.problem) : undefined}
        />
      </SettingsForm>
      <ReadNow draft={state.draft} onRefused={(at) => setRefused(at)} />
    </>
  );
}

type MeterForm = SettingsFormState<MeterDraft, MeterTextField>;
type TextProps = (k: MeterTextField) => ReturnType<MeterForm["bind"]>;

/** The settings' fields, those of the chosen kind of meter only. */
function MeterFields({
  form,
  text,
  passwordSet,
  kindError,
}: {
  form: MeterForm;
  text: TextProps;
  passwordSet: boolean;
  kindError: string | undefined;
}) {
  const t = useT();
  const { draft, change } = form;
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
