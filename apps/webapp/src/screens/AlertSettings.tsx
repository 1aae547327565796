import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { AlertSettings } from "../features/alerts/AlertSettings";
import { configUrl } from "../features/alerts/api";
import { useT } from "../lib/i18n";

/** `/settings/alerts` (gateway build only, issue 23 §4): the alert rules and channels; the form lives in features/alerts. */
export function AlertSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(configUrl());
  return (
    <Page title={t("alerts.settingsTitle")} loading={loading} error={error} onRetry={reload}>
      {data && <AlertSettings initial={data} />}
    </Page>
  );
}
