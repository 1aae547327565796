import { overviewEndpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { CombinedEnergy } from "../features/overview/CombinedEnergy";
import { useT } from "../lib/i18n";

/**
 * `/history` at the top level of a gateway with several devices (gateway build only, issue 24 §5): the energy of all
 * devices together. The devices' names and their "today" come from the gateway, never from the browser's clock.
 */
export function AllHistoryScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(overviewEndpoints.names.path);
  return (
    <Page title={t("overview.historyTitle")} wide loading={loading && !data} error={error} onRetry={reload}>
      {data &&
        (data.today === null ? (
          <p className="alert alert-info" role="status">
            {t("overview.noToday")}{" "}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={reload}>
              {t("common.retry")}
            </button>
          </p>
        ) : (
          <CombinedEnergy names={data.names} today={data.today} />
        ))}
    </Page>
  );
}
