import { useState, type FormEvent } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { InputField } from "../../components/ui/FormRow";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { Spinner } from "../../components/ui/Spinner";
import { toHttpError } from "../../lib/http";
import { useT } from "../../lib/i18n";
import { addInverter } from "./api";
import { problemText } from "./problemText";
import { checkName, checkSerial, knownModel, type Problem } from "./validate";

/**
 * Add form (SEED §2): serial and name, checked here first (a serial already in `serials` is refused; one of no known
 * model is explained, as the device would never reach it); the typed values stay when the gateway refuses.
 */
export function AddForm({
  onAdded,
  onStart,
  serials,
}: {
  onAdded: () => void;
  /** A new add clears the list's last notice (issue 11: no old success next to a new error). */
  onStart: () => void;
  serials: readonly string[];
}) {
  const t = useT();
  const [serial, setSerial] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ serial?: Problem; name?: Problem }>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApiResult>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    onStart();
    setResult(undefined);
    const errs = { serial: checkSerial(serial, serials), name: checkName(name) };
    setErrors(errs);
    if (errs.serial || errs.name) return;
    setBusy(true);
    setResult(undefined);
    try {
      const r = await addInverter({ serial: serial.trim(), name });
      setResult(r);
      if (r.type === "success") {
        setSerial("");
        setName("");
        onAdded();
      }
    } catch (err) {
      setResult({ type: "danger", message: toHttpError(err).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card mb-3">
      <h2 className="card-header h6 mb-0 py-2">{t("inverters.addTitle")}</h2>
      <form className="card-body" onSubmit={submit} noValidate>
        <ResultAlert result={result} onClose={() => setResult(undefined)} />
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
          label={t("inverters.name")}
          name="name"
          autoComplete="off"
          value={name}
          error={problemText(t, errors.name)}
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary d-inline-flex align-items-center gap-2"
          disabled={busy}
        >
          {busy && <Spinner small />}
          {t("inverters.add")}
        </button>
      </form>
    </section>
  );
}
