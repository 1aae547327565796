import { useState, type FormEvent } from "react";
import { InputField } from "../../components/ui/FormRow";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { BusyButton } from "../../components/ui/Buttons";
import { clearNotices, useSave } from "../../components/ui/useSave";
import { useT } from "../../lib/i18n";
import { addInverter } from "./api";
import { problemText } from "./problemText";
import { checkName, checkSerial, knownModel, type Problem } from "./validate";

/**
 * Add form (SEED §2): serial and name, checked here first (a serial already in `serials` is refused; one of no known
 * model is explained, as the device would never reach it); the typed values stay when the gateway refuses.
 */
export function AddForm({ onAdded, serials }: { onAdded: () => void; serials: readonly string[] }) {
  const t = useT();
  const [serial, setSerial] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ serial?: Problem; name?: Problem }>({});
  const { busy, result, clear, run } = useSave();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = { serial: checkSerial(serial, serials), name: checkName(name) };
    setErrors(errs);
    // A new add clears the page's last notice, also when refused here (issue 11).
    if (errs.serial || errs.name) return clearNotices();
    const r = await run(addInverter({ serial: serial.trim(), name }));
    if (r.type === "success") {
      setSerial("");
      setName("");
      onAdded();
    }
  }

  return (
    <section className="card mb-3">
      <h2 className="card-header h6 mb-0 py-2">{t("inverters.addTitle")}</h2>
      <form className="card-body" onSubmit={submit} noValidate>
        <ResultAlert result={result} onClose={clear} />
        <InputField
          label={t("inverters.serial")}
          hint={
            serial.trim() && !knownModel(serial) ? (
              <span className="text-warning-emphasis">{t("inverters.unknownModel")}</span>
            ) : (
              t("inverters.serialHint")
            )
          }
          name="serial"
          inputMode="numeric"
          autoComplete="off"
          value={serial}
          error={problemText(t, errors.serial)}
          onChange={(e) => setSerial(e.target.value)}
        />
        <InputField
          label={t("common.name")}
          name="name"
          autoComplete="off"
          value={name}
          error={problemText(t, errors.name)}
          onChange={(e) => setName(e.target.value)}
        />
        <BusyButton type="submit" busy={busy}>
          {t("inverters.add")}
        </BusyButton>
      </form>
    </section>
  );
}
