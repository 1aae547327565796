import { useState } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { CheckField, InputField } from "../../components/ui/FormRow";
import { Modal } from "../../components/ui/Modal";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { BusyButton } from "../../components/ui/Buttons";
import { Tabs } from "../../components/ui/Tabs";
import { clearNotices, useSave } from "../../components/ui/useSave";
import { useT } from "../../lib/i18n";
import { editInverter, type InverterEntry } from "./api";
import { problemText } from "./problemText";
import {
  checkChannelName,
  checkName,
  checkNonNegative,
  checkSerial,
  checkThreshold,
  type Problem,
} from "./validate";

interface ChannelDraft {
  name: string;
  max_power: string;
  yield_total_offset: string;
}

type Flag =
  | "poll_enable"
  | "poll_enable_night"
  | "command_enable"
  | "command_enable_night"
  | "zero_runtime"
  | "zero_day";
const FLAGS: readonly Flag[] = [
  "poll_enable",
  "poll_enable_night",
  "command_enable",
  "command_enable_night",
  "zero_runtime",
  "zero_day",
];

interface Draft {
  serial: string;
  name: string;
  channel: ChannelDraft[];
  reachable_threshold: string;
  flags: Record<Flag, boolean>;
}

type Errors = {
  serial?: Problem;
  name?: Problem;
  threshold?: Problem;
  channel: { name?: Problem; max_power?: Problem; yield_total_offset?: Problem }[];
};

function toDraft(e: InverterEntry): Draft {
  return {
    serial: e.serial,
    name: e.name,
    channel: e.channel.map((c) => ({
      name: c.name,
      max_power: String(c.max_power),
      yield_total_offset: String(c.yield_total_offset),
    })),
    reachable_threshold: String(e.reachable_threshold),
    flags: Object.fromEntries(FLAGS.map((f) => [f, e[f]])) as Record<Flag, boolean>,
  };
}

/** `taken`: the serials of the other slots; the device would run two inverters on one serial (issue 11). */
function check(d: Draft, taken: readonly string[]): Errors {
  return {
    serial: checkSerial(d.serial, taken),
    name: checkName(d.name),
    threshold: checkThreshold(d.reachable_threshold),
    channel: d.channel.map((c) => ({
      name: checkChannelName(c.name),
      max_power: checkNonNegative(c.max_power, true),
      yield_total_offset: checkNonNegative(c.yield_total_offset, false),
    })),
  };
}

/**
 * Edit dialog with General, String and Advanced tabs (SEED §2, §3). The posted object is the list entry with
 * only the edited fields replaced, so keys of later firmware (yieldday_correction, clear_eventlog; API.md §9.9)
 * go back as they came.
 */
export function EditModal({
  entry,
  others,
  onClose,
  onSaved,
}: {
  entry: InverterEntry;
  /** Serials configured in the other slots. */
  others: readonly string[];
  onClose: () => void;
  onSaved: (r: ApiResult) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(() => toDraft(entry));
  const [errors, setErrors] = useState<Errors>({ channel: [] });
  const [tab, setTab] = useState("general");
  const { busy, result, clear, run } = useSave();

  const setChannel = (i: number, patch: Partial<ChannelDraft>) =>
    setDraft((d) => ({ ...d, channel: d.channel.map((c, k) => (k === i ? { ...c, ...patch } : c)) }));

  async function save() {
    const errs = check(draft, others);
    setErrors(errs);
    const chanBad = errs.channel.some((c) => c.name || c.max_power || c.yield_total_offset);
    if (errs.serial || errs.name || chanBad || errs.threshold) clearNotices();
    if (errs.serial || errs.name) return setTab("general");
    if (chanBad) return setTab("string");
    if (errs.threshold) return setTab("advanced");
    const body: InverterEntry = {
      ...entry,
      ...draft.flags,
      serial: draft.serial.trim(),
      name: draft.name,
      reachable_threshold: Number(draft.reachable_threshold),
      channel: draft.channel.map((c) => ({
        name: c.name,
        max_power: Number(c.max_power),
        yield_total_offset: Number(c.yield_total_offset),
      })),
    };
    const r = await run(editInverter(body));
    if (r.type === "success") return onSaved(r);
  }

  const general = (
    <>
      <InputField
        label={t("inverters.serial")}
        name="serial"
        inputMode="numeric"
        value={draft.serial}
        error={problemText(t, errors.serial)}
        onChange={(e) => setDraft({ ...draft, serial: e.target.value })}
      />
      <InputField
        label={t("common.name")}
        name="name"
        value={draft.name}
        error={problemText(t, errors.name)}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
    </>
  );

  const strings = draft.channel.map((c, i) => (
    <StringFields key={i} i={i} c={c} errors={errors.channel[i]} set={(patch) => setChannel(i, patch)} />
  ));

  return (
    <Modal
      open
      size="lg"
      title={t("inverters.editTitle", { name: entry.name })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <BusyButton busy={busy} onClick={() => void save()}>
            {t("common.save")}
          </BusyButton>
        </>
      }
    >
      <ResultAlert result={result} onClose={clear} />
      <Tabs
        active={tab}
        onChange={setTab}
        items={[
          { key: "general", title: t("common.general"), content: general },
          { key: "string", title: t("inverters.tabString"), content: strings },
          {
            key: "advanced",
            title: t("inverters.tabAdvanced"),
            content: <AdvancedTab draft={draft} setDraft={setDraft} error={errors.threshold} />,
          },
        ]}
      />
    </Modal>
  );
}

/** One string's fields (String tab). */
function StringFields({
  i,
  c,
  errors,
  set,
}: {
  i: number;
  c: ChannelDraft;
  errors: Errors["channel"][number] | undefined;
  set: (patch: Partial<ChannelDraft>) => void;
}) {
  const t = useT();
  return (
    <fieldset className="mb-3">
      <legend className="h6">{t("inverters.stringN", { n: i + 1 })}</legend>
      <InputField
        label={t("common.name")}
        value={c.name}
        error={problemText(t, errors?.name)}
        onChange={(e) => set({ name: e.target.value })}
      />
      <InputField
        label={t("inverters.maxPower")}
        hint={i === 0 ? t("inverters.maxPowerHint") : undefined}
        type="number"
        min={0}
        step={1}
        postfix="W"
        value={c.max_power}
        error={problemText(t, errors?.max_power)}
        onChange={(e) => set({ max_power: e.target.value })}
      />
      <InputField
        label={t("inverters.yieldOffset")}
        hint={i === 0 ? t("inverters.yieldOffsetHint") : undefined}
        type="number"
        min={0}
        step="any"
        postfix="kWh"
        value={c.yield_total_offset}
        error={problemText(t, errors?.yield_total_offset)}
        onChange={(e) => set({ yield_total_offset: e.target.value })}
      />
    </fieldset>
  );
}

/** The Advanced tab: polling and command switches, the reachable threshold, the zeroing switches. */
function AdvancedTab({
  draft,
  setDraft,
  error,
}: {
  draft: Draft;
  setDraft: (d: Draft) => void;
  error: Problem | undefined;
}) {
  const t = useT();
  const flag = (f: Flag, label: string) => (
    <CheckField
      label={label}
      switchStyle
      checked={draft.flags[f]}
      onChange={(e) => setDraft({ ...draft, flags: { ...draft.flags, [f]: e.target.checked } })}
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
        error={problemText(t, error)}
        onChange={(e) => setDraft({ ...draft, reachable_threshold: e.target.value })}
      />
      {flag("zero_runtime", t("inverters.zeroRuntime"))}
      {flag("zero_day", t("inverters.zeroDay"))}
    </>
  );
}
