import type { ApiResult } from "@dtu/api/codes";
import { hasKey, useT, type MessageKey } from "../../lib/i18n";

/** The text of a POST result (API.md §3.0): `apiresponse.<code>` with its param, else the server's message. */
export function useResultText(): (r: ApiResult) => string {
  const t = useT();
  return (r) => {
    const key = `apiresponse.${r.code}`;
    // API.md §3.17: three network warnings come without a code; show the device's own message then.
    if (r.code === undefined || !hasKey(key)) return r.message;
    return t(key as MessageKey, { min: r.param?.min, max: r.param?.max });
  };
}

export interface ResultAlertProps {
  result: ApiResult | undefined;
  onClose?: () => void;
}

/** Shows a POST result as an alert, variant from its `type`; dismissible when onClose is given. */
export function ResultAlert({ result, onClose }: ResultAlertProps) {
  const text = useResultText();
  const t = useT();
  if (!result) return null;
  return (
    <div
      className={`alert alert-${result.type}${onClose ? " alert-dismissible" : ""}`}
      role={result.type === "success" ? "status" : "alert"}
    >
      {text(result)}
      {onClose && (
        <button type="button" className="btn-close" aria-label={t("common.close")} onClick={onClose} />
      )}
    </div>
  );
}
