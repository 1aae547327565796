import { useEffect, useState, type FormEvent } from "react";
import type { LimitStatus } from "@dtu/api/live";
import { CheckField, InputField, SelectField } from "../../../components/ui/FormRow";
import { Modal } from "../../../components/ui/Modal";
import { ResultAlert } from "../../../components/ui/ResultAlert";
import { BusyButton } from "../../../components/ui/Buttons";
import { useApi } from "../../../components/ui/useApi";
import { clearNotices, useSave } from "../../../components/ui/useSave";
import { useI18n } from "../../../lib/i18n";
import { readText } from "../../../lib/notRead";
import { livePaths, postLimit } from "../api";
import { limitRange, limitType, limitValid, type LimitKind } from "../format";
import { StatusBadge } from "../StatusBadge";
import { DialogBody, type InverterDialogProps } from "./DialogBody";
import { usePolling } from "./usePolling";

/** API.md §6: 5003 = invalid limit type. */
const INVALID_TYPE = 5003;

/**
 * Limit settings (SEED §2, §5; API.md §3.7): relative % or absolute W, persistent or not, seed ranges with the
 * max_power rule. The status badge refreshes while open; on success the dialog closes.
 */
export function LimitDialog({ serial, name, onClose, read = true }: InverterDialogProps) {
  const t = useI18n().t;
  const { data, loading, error, reload } = useApi<LimitStatus>(livePaths.limitStatus);
  usePolling(reload);
  const status = data?.[serial];
  const maxPower = status?.max_power ?? 0;

  const [kind, setKind] = useState<LimitKind>("relative");
  const [persistent, setPersistent] = useState(false);
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const { busy, result, clear, run } = useSave();

  // Prefill once with the current relative limit; never with the placeholder 0 of an inverter not read yet.
  useEffect(() => {
    if (read && status && value === "" && !touched) setValue(String(status.limit_relative));
  }, [read, status, value, touched]);

  const range = limitRange(kind, maxPower);
  const num = Number(value);
  const invalid = value.trim() === "" || !limitValid(kind, maxPower, num);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (invalid) return clearNotices();
    // Whole numbers: v23.11.16 truncates to uint16 anyway (API.md §3.7).
    const v = Math.round(num);
    const r = await run(
      postLimit(serial, v, limitType(kind, persistent)).then((first) =>
        // v25.9.11+ numbers the persistent kinds 2/3 (API.md §9.7): one retry with the new numbering.
        persistent && first.code === INVALID_TYPE ? postLimit(serial, v, limitType(kind, true, true)) : first,
      ),
    );
    if (r.type === "success") onClose();
  }

  const unit = kind === "relative" ? "%" : "W";
  return (
    <Modal
      open
      title={t("live.limitTitle", { name })}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("common.close")}
          </button>
          <BusyButton type="submit" form={`limit-${serial}`} busy={busy} disabled={!status}>
            {t("live.limitSet")}
          </BusyButton>
        </>
      }
    >
      <DialogBody loading={loading && !data} error={error} onRetry={reload}>
        {!status ? (
          <div className="alert alert-info mb-0">{t("live.noInfo")}</div>
        ) : (
          <form id={`limit-${serial}`} onSubmit={(e) => void submit(e)} noValidate>
            <LimitTable status={status} maxPower={maxPower} read={read} />
            <ResultAlert result={result} onClose={clear} />
            <SelectField
              label={t("live.limitKind")}
              value={kind}
              onChange={(e) => setKind(e.target.value === "absolute" ? "absolute" : "relative")}
              options={[
                ["relative", t("live.limitKindRelative")],
                ["absolute", t("live.limitKindAbsolute")],
              ]}
            />
            <InputField
              label={t("live.limitValue")}
              type="number"
              inputMode="decimal"
              min={range.min}
              max={range.max}
              step={1}
              value={value}
              postfix={unit}
              onChange={(e) => {
                setValue(e.target.value);
                setTouched(true);
              }}
              hint={t("live.limitRange", { min: range.min, max: range.max, unit })}
              error={
                touched && invalid
                  ? t("live.limitInvalid", { min: range.min, max: range.max, unit })
                  : undefined
              }
            />
            <CheckField
              label={t("live.limitPersistent")}
              checked={persistent}
              onChange={(e) => setPersistent(e.target.checked)}
            />
            {kind === "absolute" && (
              <div className="alert alert-info mb-0">{t("live.limitAbsoluteNote")}</div>
            )}
          </form>
        )}
      </DialogBody>
    </Modal>
  );
}

/** What the inverter's limit is now (API.md §3.7): relative, absolute where known, its maximum, the last set's state. */
function LimitTable({
  status,
  maxPower,
  read,
}: {
  status: LimitStatus[string];
  maxPower: number;
  read: boolean;
}) {
  const { t, number } = useI18n();
  return (
    <table className="table table-sm">
      <tbody>
        <tr>
          <th scope="row" className="fw-normal">
            {t("live.limitCurrentRelative")}
          </th>
          <td>
            {readText(number, status.limit_relative, Number.isInteger(status.limit_relative) ? 0 : 1, read)} %
          </td>
        </tr>
        {read && maxPower > 0 && (
          <tr>
            <th scope="row" className="fw-normal">
              {t("live.limitCurrentAbsolute")}
            </th>
            <td>{number((status.limit_relative * maxPower) / 100, 0)} W</td>
          </tr>
        )}
        <tr>
          <th scope="row" className="fw-normal">
            {t("live.infoMaxPower")}
          </th>
          <td>{maxPower > 0 ? `${number(maxPower, 0)} W` : t("live.unknown")}</td>
        </tr>
        <tr>
          <th scope="row" className="fw-normal">
            {t("live.limitStatus")}
          </th>
          <td>
            <StatusBadge status={status.limit_set_status} />
          </td>
        </tr>
      </tbody>
    </table>
  );
}
