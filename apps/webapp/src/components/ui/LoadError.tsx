import { useT } from "../../lib/i18n";
import { errorText, type HttpError } from "../../lib/http";

/**
 * A failed load (SEED §2): its message and, when given, a Retry button. When the gateway could not reach the device
 * (gateway build), the sentence is in the page's language and the gateway's own words follow, smaller.
 */
export function LoadError({ error, onRetry }: { error: HttpError; onRetry?: (() => void) | undefined }) {
  const t = useT();
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="flex-grow-1">
        {t("common.loadFailed", { message: errorText(error, t) })}
        {__GATEWAY_BUILD__ && error.unanswered && (
          <small className="d-block text-body-secondary">{error.message}</small>
        )}
      </span>
      {onRetry && (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          {t("common.retry")}
        </button>
      )}
    </div>
  );
}
