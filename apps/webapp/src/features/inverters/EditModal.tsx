import { useState } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { Modal } from "../../components/ui/Modal";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { BusyButton } from "../../components/ui/Buttons";
import { Tabs } from "../../components/ui/Tabs";
import { clearNotices, useSave } from "../../components/ui/useSave";
import { useT } from "../../lib/i18n";
import { editInverter, type InverterEntry } from "./api";
import { check, fromDraft, toDraft, type Errors } from "./editDraft";
import { AdvancedTab, GeneralTab, StringsTab } from "./EditTabs";

/**
 * Edit dialog with General, String and Advanced tabs (SEED §2, §3; ./EditTabs.tsx). It posts the list entry with
 * only the edited fields replaced (./editDraft.ts `fromDraft`).
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

  async function save() {
    const errs = check(draft, others);
    setErrors(errs);
    const chanBad = errs.channel.some((c) => c.name || c.max_power || c.yield_total_offset);
    if (errs.serial || errs.name || chanBad || errs.threshold) clearNotices();
    if (errs.serial || errs.name) return setTab("general");
    if (chanBad) return setTab("string");
    if (errs.threshold) return setTab("advanced");
    const r = await run(editInverter(fromDraft(entry, draft)));
    if (r.type === "success") return onSaved(r);
  }

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
          {
            key: "general",
            title: t("common.general"),
            content: <GeneralTab draft={draft} errors={errors} onChange={setDraft} />,
          },
          {
            key: "string",
            title: t("inverters.tabString"),
            content: <StringsTab draft={draft} errors={errors} onChange={setDraft} />,
          },
          {
            key: "advanced",
            title: t("inverters.tabAdvanced"),
            content: <AdvancedTab draft={draft} errors={errors} onChange={setDraft} />,
          },
        ]}
      />
    </Modal>
  );
}
