import { useMemo } from "react";
import { endpoints } from "@dtu/api/endpoints";
import { uiLimits } from "@dtu/api/limits";
import type { DtuConfig } from "@dtu/api/settings";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField, SelectField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { useI18n } from "../../lib/i18n";
import {
  dtuBand,
  dtuBody,
  dtuDraft,
  frequencyWire,
  outsideLegalBand,
  validateDtu,
  type DtuDraft,
  type DtuField,
} from "./validate";

/** Serial, poll interval, NRF24 and CMT2300A options (SEED §2 DTU settings). */
export function DtuForm({ initial }: { initial: DtuConfig }) {
  const { t, number } = useI18n();
  const band = useMemo(() => dtuBand(initial), [initial]);
  const state = useSettingsForm<DtuDraft, DtuField>(
    () => dtuDraft(initial, band),
    (d: DtuDraft) => validateDtu(d, band),
    // API.md §3.10; 2003 (either power level) is left to the alert.
    { 2001: "serial", 2002: "pollinterval", 2004: "frequencyMhz" },
  );
  const { draft, bind } = state;

  const levelText: Record<(typeof uiLimits.nrfPaLevels)[number]["key"], string> = {
    min: t("dtu.levelMin"),
    low: t("dtu.levelLow"),
    high: t("dtu.levelHigh"),
    max: t("dtu.levelMax"),
  };
  const levels = uiLimits.nrfPaLevels.map((l) => [String(l.value), levelText[l.key]] as const);

  const mhz = (wire: number) => number(wire / band.perMhz, 2);

  return (
    <SettingsForm
      state={state}
      onValid={(d) => void state.save(endpoints.dtuConfigPost.path, dtuBody(initial, d, band))}
    >
      <Card title={t("common.general")}>
        <InputField
          label={t("dtu.serial")}
          {...bind("serial")}
          inputMode="numeric"
          hint={t("dtu.serialHint")}
        />
        <InputField
          label={t("dtu.pollInterval")}
          {...bind("pollinterval")}
          type="number"
          min={uiLimits.pollInterval.min}
          max={uiLimits.pollInterval.max}
          step={1}
          postfix={t("common.seconds")}
        />
      </Card>
      <Card title={t("dtu.nrfCard")}>
        {/* API.md §3.10: *_enabled only reports whether the radio started; the device ignores it on POST. */}
        <CheckField
          label={t("dtu.nrfEnabled")}
          hint={t("dtu.enabledHint")}
          checked={initial.nrf_enabled}
          disabled
          readOnly
        />
        <SelectField label={t("dtu.power")} {...bind("nrf_palevel")} options={levels} />
      </Card>
      <Card title={t("dtu.cmtCard")}>
        <CheckField
          label={t("dtu.cmtEnabled")}
          hint={t("dtu.enabledHint")}
          checked={initial.cmt_enabled}
          disabled
          readOnly
        />
        <InputField
          label={t("dtu.power")}
          {...bind("cmt_palevel")}
          type="number"
          min={uiLimits.cmtPaLevel.min}
          max={uiLimits.cmtPaLevel.max}
          step={1}
          postfix={t("dtu.dbm")}
        />
        <InputField
          label={t("dtu.frequency")}
          {...bind("frequencyMhz")}
          type="number"
          min={band.min / band.perMhz}
          max={band.max / band.perMhz}
          step={band.step / band.perMhz}
          postfix={t("dtu.mhz")}
          hint={t("dtu.frequencyHint")}
        />
        {outsideLegalBand(draft.frequencyMhz, band) && (
          <div className="alert alert-warning" role="status">
            {t("dtu.outsideBand", {
              freq: mhz(frequencyWire(draft.frequencyMhz, band) ?? 0),
              min: mhz(band.legalMin),
              max: mhz(band.legalMax),
            })}
          </div>
        )}
      </Card>
    </SettingsForm>
  );
}
