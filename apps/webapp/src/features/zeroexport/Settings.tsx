import { useState } from "react";
import type { ZeroExportConfig } from "@dtu/api/zeroexport";
import type { ApiResult } from "@dtu/api/codes";
import { Card } from "../../components/ui/Card";
import { ConfirmModal } from "../../components/ui/ConfirmModal";
import { CheckField, InputField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm, type SettingsFormState } from "../../components/ui/useSettingsForm";
import { useI18n } from "../../lib/i18n";
import { saveConfigPath } from "./api";
import {
  refusedField,
  validateZeroExport,
  zeroExportBody,
  zeroExportDraft,
  type ZeroExportDraft,
  type ZeroExportField,
  type InverterFlag,
  inverterField,
} from "./settings";
import { nameOf } from "./words";

type Form = SettingsFormState<ZeroExportDraft, ZeroExportField>;

const W = "W";

/** Settings of the controller (issue 32 §2, §4): on/off, target, band, cap, fallback, and each inverter's part. */
export function ZeroExportSettings({
  initial,
  names,
  onSaved,
}: {
  initial: ZeroExportConfig;
  names: ReadonlyMap<string, string>;
  /** After a successful save: the status is asked again at once. */
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const form = useSettingsForm(
    () => zeroExportDraft(initial, [...names.keys()]),
    validateZeroExport,
    {},
    refusedField,
  );
  // What the gateway holds now: turning the controller on from off needs a confirmation, every other save not.
  const [storedOn, setStoredOn] = useState(initial.enabled);
  const [asking, setAsking] = useState<ZeroExportDraft | null>(null);

  const send = (d: ZeroExportDraft) =>
    void form.save(saveConfigPath(), zeroExportBody(d)).then((r) => {
      const at = refusedField(r);
      if (!at || !form.form.current?.elements.namedItem(at.field)) form.setResult(shown(r));
      if (r.type === "success") {
        setStoredOn(d.enabled);
        onSaved();
      }
    });
  const shown = (r: ApiResult): ApiResult => {
    const code = (r as { code?: unknown }).code;
    const message =
      code === "saved"
        ? t("zeroexport.saved")
        : code === "not_written"
          ? t("zeroexport.notWritten")
          : r.message;
    return { type: r.type, message };
  };

  return (
    <>
      <SettingsForm state={form} onValid={(d) => (d.enabled && !storedOn ? setAsking(d) : send(d))}>
        <Card title={t("zeroexport.settingsTitle")}>
          <MainFields form={form} />
        </Card>
        <Card title={t("zeroexport.inverters")}>
          <InverterFields form={form} names={names} />
        </Card>
      </SettingsForm>
      <ConfirmModal
        open={asking !== null}
        title={t("zeroexport.confirmTitle")}
        confirmLabel={t("zeroexport.confirmYes")}
        variant="warning"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) send(asking);
          setAsking(null);
        }}
      >
        <p className="mb-0">{t("zeroexport.confirmText")}</p>
      </ConfirmModal>
    </>
  );
}

function MainFields({ form }: { form: Form }) {
  const { t } = useI18n();
  const { draft, change, bind } = form;
  return (
    <>
      <CheckField
        label={t("zeroexport.enabled")}
        hint={t("zeroexport.enabledHint")}
        name="enabled"
        switchStyle
        checked={draft.enabled}
        onChange={(e) => change({ enabled: e.target.checked })}
      />
      <InputField
        label={t("zeroexport.target")}
        hint={t("zeroexport.targetHint")}
        inputMode="numeric"
        postfix={W}
        {...bind("target_w")}
      />
      <InputField
        label={t("zeroexport.deadband")}
        hint={t("zeroexport.deadbandHint")}
        inputMode="numeric"
        postfix={W}
        {...bind("deadband_w")}
      />
      <InputField
        label={t("zeroexport.maxTotal")}
        hint={t("zeroexport.maxTotalHint")}
        inputMode="numeric"
        postfix={W}
        {...bind("max_total_w")}
      />
      <InputField
        label={t("zeroexport.fallback")}
        hint={t("zeroexport.fallbackHint")}
        inputMode="numeric"
        postfix={W}
        {...bind("fallback_w")}
      />
    </>
  );
}

/** The draft edit of inverter `i`'s "takes part". */
function flag(i: number, on: boolean): Partial<Record<InverterFlag, boolean>> {
  const patch: Partial<Record<InverterFlag, boolean>> = {};
  patch[inverterField(i, "enabled")] = on;
  return patch;
}

function InverterFields({ form, names }: { form: Form; names: ReadonlyMap<string, string> }) {
  const { t } = useI18n();
  const { draft, change, bind } = form;
  if (draft.serials.length === 0) return <p className="mb-0">{t("zeroexport.noInverters")}</p>;
  return draft.serials.map((serial, i) => {
    const name = nameOf(names, serial);
    return (
      <fieldset key={serial} className="border-bottom mb-3">
        <legend className="h6">{name}</legend>
        <CheckField
          label={t("zeroexport.takePart", { name })}
          name={inverterField(i, "enabled")}
          checked={draft[inverterField(i, "enabled")] === true}
          onChange={(e) => change(flag(i, e.target.checked))}
        />
        <InputField
          label={t("zeroexport.min", { name })}
          inputMode="numeric"
          postfix={W}
          {...bind(inverterField(i, "min_w"))}
        />
        <InputField
          label={t("zeroexport.max", { name })}
          inputMode="numeric"
          postfix={W}
          {...bind(inverterField(i, "max_w"))}
        />
      </fieldset>
    );
  });
}
