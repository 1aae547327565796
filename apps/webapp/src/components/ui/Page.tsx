import { useEffect, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import type { HttpError } from "../../lib/http";
import { LoadError } from "./LoadError";
import { Icon } from "./Icon";
import { Spinner } from "./Spinner";

export interface PageProps {
  title: string;
  /** Shows the reload button in the header when given. */
  onReload?: () => void;
  /** While true and there is no error, a spinner replaces the content. */
  loading?: boolean;
  /** A failed load: shown with its message and a Retry button (calls onRetry, else onReload). */
  error?: HttpError | undefined;
  onRetry?: () => void;
  /** Wide layout for tables and the live view; standard is a narrower centred column. */
  wide?: boolean;
  children?: ReactNode;
}

/** The page wrapper of SEED §2: title, optional reload, spinner, error with retry, standard or wide. */
export function Page({
  title,
  onReload,
  loading = false,
  error,
  onRetry,
  wide = false,
  children,
}: PageProps) {
  const t = useT();
  const retry = onRetry ?? onReload;
  useEffect(() => {
    document.title = `${title} – ${t("common.appName")}`;
  }, [title, t]);
  return (
    <main className={wide ? "container-fluid py-3" : "container py-3"} id="main">
      <div className="d-flex align-items-center gap-2 mb-3 border-bottom pb-2">
        <h1 className="h3 mb-0 flex-grow-1">{title}</h1>
        {onReload && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={onReload}
            disabled={loading}
            title={t("common.reload")}
          >
            <Icon name="reload" label={t("common.reload")} />
          </button>
        )}
      </div>
      {error ? (
        <LoadError error={error} onRetry={retry} />
      ) : loading ? (
        <div className="text-center py-5">
          <Spinner />
        </div>
      ) : (
        children
      )}
    </main>
  );
}
