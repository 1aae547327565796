import type { Dispatch, SetStateAction } from "react";
import { CheckField, InputField } from "../../components/ui/FormRow";
import { useT } from "../../lib/i18n";
import type { ChannelDraft, Draft, Errors, Flag } from "./editDraft";
import { problemText } from "./problemText";

/** The edit dialog's tabs (SEED §2, §3; ./EditModal.tsx): each shows its part of the draft and its problems. */
interface TabProps {
  draft: Draft;
  errors: Errors;
  onChange: Dispatch<SetStateAction<Draft>>;
}

export function GeneralTab({ draft, errors, onChange }: TabProps) {
  const t = useT();
  return (
    <>
      <InputField
        label={t("inverters.serial")}
        name="serial"
        inputMode="numeric"
        value={draft.serial}
        error={problemText(t, errors.serial)}
        onChange={(e) => onChange({ ...draft, serial: e.target.value })}
      />
      <InputField
        label={t("common.name")}
        name="name"
        value={draft.name}
        error={problemText(t, errors.name)}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
      />
    </>
  );
}

/** One fieldset per string: its name, maximum power and yield offset. */
export function StringsTab({ draft, errors, onChange }: TabProps) {
  const t = useT();
  const setChannel = (i: number, patch: Partial<ChannelDraft>) =>
    onChange((d) => ({ ...d, channel: d.channel.map((c, k) => (k === i ? { ...c, ...patch } : c)) }));
  return draft.channel.map((c, i) => (
    <fieldset key={i} className="mb-3">
      <legend className="h6">{t("inverters.stringN", { n: i + 1 })}</legend>
      <InputField
        label={t("common.name")}
        value={c.name}
        error={problemText(t, errors.channel[i]?.name)}
        onChange={(e) => setChannel(i, { name: e.target.value })}
      />
      <InputField
        label={t("inverters.maxPower")}
        hint={i === 0 ? t("inverters.maxPowerHint") : undefined}
        type="number"
        min={0}
        step={1}
        postfix="W"
        value={c.max_power}
        error={problemText(t, errors.channel[i]?.max_power)}
        onChange={(e) => setChannel(i, { max_power: e.target.value })}
      />
      <InputField
        label={t("inverters.yieldOffset")}
        hint={i === 0 ? t("inverters.yieldOffsetHint") : undefined}
        type="number"
        min={0}
        step="any"
        postfix="kWh"
        value={c.yield_total_offset}
        error={problemText(t, errors.channel[i]?.yield_total_offset)}
        onChange={(e) => setChannel(i, { yield_total_offset: e.target.value })}
      />
    </fieldset>
  ));
}

/** Polling and command switches, the reachability threshold, the zeroing switches. */
export function AdvancedTab({ draft, errors, onChange }: TabProps) {
  const t = useT();
  const flag = (f: Flag, label: string) => (
    <CheckField
      label={label}
      switchStyle
      checked={draft.flags[f]}
      onChange={(e) => onChange({ ...draft, flags: { ...draft.flags, [f]: e.target.checked } })}
    />
  );
  return (
    <>
      {flag("poll_enable", t("inverters.pollEnable"))}
      {flag("poll_enable_night", t("inverters.pollNight"))}
      {flag("command_enable", t("inverters.commandEnable"))}
      {flag("command_enable_night", t("inverters.commandNight"))}
      <InputField
        label={t("inverters.threshold")}
        hint={t("inverters.thresholdHint")}
        type="number"
        min={1}
        max={100}
        step={1}
        value={draft.reachable_threshold}
        error={problemText(t, errors.threshold)}
        onChange={(e) => onChange({ ...draft, reachable_threshold: e.target.value })}
      />
      {flag("zero_runtime", t("inverters.zeroRuntime"))}
      {flag("zero_day", t("inverters.zeroDay"))}
    </>
  );
}
