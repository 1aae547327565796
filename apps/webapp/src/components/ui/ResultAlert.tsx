import type { ReactNode } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { hasKey, useT, type MessageKey } from "../../lib/i18n";

/**
 * API.md §3.17: the three network warnings that come without a code (still at v26.3.30, §9.14), known by the first
 * word of their message ("Hostname must between…", "SSID must between…", "Password must not be longer…").
 */
const CODELESS: Record<string, MessageKey> = {
  Hostname: "network.answerHostname",
  SSID: "network.answerSsid",
  Password: "network.answerPassword",
};

/** The text key of a POST result (API.md §3.0): `apiresponse.<code>`, or a code-less answer's; none if unknown. */
export function resultKey(r: ApiResult): MessageKey | undefined {
  const key = r.code === undefined ? CODELESS[r.message.split(" ")[0] ?? ""] : `apiresponse.${r.code}`;
  return key && hasKey(key) ? (key as MessageKey) : undefined;
}

/** The text of a POST result: its key with the param, else (a later firmware's answer) the device's own message. */
export function useResultText(): (r: ApiResult) => string {
  const t = useT();
  return (r) => {
    const key = resultKey(r);
    return key ? t(key, { min: r.param?.min, max: r.param?.max }) : r.message;
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

/** A message box in a Bootstrap variant: announced at once (role alert), good news politely (role status). */
export function Alert({ type, children }: { type: string; children: ReactNode }) {
  return (
    <div className={`alert alert-${type}`} role={type === "success" ? "status" : "alert"}>
      {children}
    </div>
  );
}
