import { useState, type FormEvent } from "react";
import { useT } from "../../lib/i18n";
import type { ListFilter } from "./api";

/** Open or all alerts, optionally of a date range (local days of the device); applied with "Show". */
export function AlertFilter({ value, onApply }: { value: ListFilter; onApply: (f: ListFilter) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  // The gateway refuses a range that ends before it starts; said here, at the field, before asking.
  const backwards = draft.from !== "" && draft.to !== "" && draft.from > draft.to;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!backwards) onApply(draft);
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit}>
      <div className="col-12 col-sm-4">
        <label className="form-label" htmlFor="alerts-state">
          {t("alerts.title")}
        </label>
        <select
          id="alerts-state"
          className="form-select"
          value={draft.state}
          onChange={(e) => setDraft({ ...draft, state: e.target.value === "open" ? "open" : "all" })}
        >
          <option value="open">{t("alerts.stateOpen")}</option>
          <option value="all">{t("alerts.stateAll")}</option>
        </select>
      </div>
      <div className="col-6 col-sm-3">
        <label className="form-label" htmlFor="alerts-from">
          {t("alerts.from")}
        </label>
        <input
          id="alerts-from"
          type="date"
          className="form-control"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </div>
      <div className="col-6 col-sm-3">
        <label className="form-label" htmlFor="alerts-to">
          {t("alerts.to")}
        </label>
        <input
          id="alerts-to"
          type="date"
          className="form-control"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          {...(backwards ? { "aria-invalid": true, "aria-describedby": "alerts-to-err" } : {})}
        />
        {backwards && (
          <div id="alerts-to-err" className="invalid-feedback d-block">
            {t("alerts.rangeBackwards")}
          </div>
        )}
      </div>
      <div className="col-12 col-sm-2">
        <button type="submit" className="btn btn-primary w-100">
          {t("alerts.show")}
        </button>
      </div>
    </form>
  );
}
