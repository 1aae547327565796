import { useMemo } from "react";
import { endpoints } from "@dtu/api/endpoints";
import { uiLimits } from "@dtu/api/limits";
import type { DtuConfig } from "@dtu/api/settings";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField, SelectField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { useProblemText } from "../../components/ui/validation";
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
  const text = useProblemText();
  const band = useMemo(() => dtuBand(initial), [initial]);
  const state = useSettingsForm<DtuDraft, DtuField>(
    () => dtuDraft(initial, band),
    (d: DtuDraft) => validateDtu(d, band),
    // API.md §3.10; 2003 (either power level) is left to the alert.
    { 2001: "serial", 2002: "pollinterval", 2004: "frequencyMhz" },
  );
  const { draft, problems, change } = state;

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
      <Card title={t("dtu.generalCard")}>
        <InputField
          label={t("dtu.serial")}
          name="serial"
          inputMode="numeric"
          value={draft.serial}
          hint={t("dtu.serialHint")}
          error={text(problems.serial)}
          onChange={(e) => change({ serial: e.target.value })}
        />
        <InputField
          label={t("dtu.pollInterval")}
          name="pollinterval"
          type="number"
          min={uiLimits.pollInterval.min}
          max={uiLimits.pollInterval.max}
          step={1}
          postfix={t("dtu.seconds")}
          value={draft.pollinterval}
          error={text(problems.pollinterval)}
          onChange={(e) => change({ pollinterval: e.target.value })}
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
        <SelectField
          label={t("dtu.power")}
          name="nrf_palevel"
          options={levels}
          value={draft.nrf_palevel}
          onChange={(e) => change({ nrf_palevel: e.target.value })}
        />
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
          name="cmt_palevel"
          type="number"
          min={uiLimits.cmtPaLevel.min}
          max={uiLimits.cmtPaLevel.max}
          step={1}
          postfix={t("dtu.dbm")}
          value={draft.cmt_palevel}
          error={text(problems.cmt_palevel)}
          onChange={(e) => change({ cmt_palevel: e.target.value })}
        />
        <InputField
          label={t("dtu.frequency")}
          name="frequencyMhz"
          type="number"
          min={band.min / band.perMhz}
          max={band.max / band.perMhz}
          step={band.step / band.perMhz}
          postfix={t("dtu.mhz")}
          value={draft.frequencyMhz}
          hint={t("dtu.frequencyHint")}
          error={text(problems.frequencyMhz)}
          onChange={(e) => change({ frequencyMhz: e.target.value })}
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
