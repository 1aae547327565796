import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { AlertSettings } from "../features/alerts/AlertSettings";
import { LearningNote } from "../features/alerts/LearningNote";
import { configUrl, listUrl } from "../features/alerts/api";
import { useT } from "../lib/i18n";

/** `/settings/alerts` (gateway build only, issue 23 §4): the alert rules and channels; the form lives in features/alerts. */
export function AlertSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(configUrl());
  // The learning state of the weak-string rule is the list's (read access), not a setting.
  const list = useApi(listUrl({ state: "open", from: "", to: "" }));
  return (
    <Page title={t("alerts.settingsTitle")} loading={loading} error={error} onRetry={reload}>
      {data && list.data && <LearningNote learning={list.data.learning} />}
      {data && <AlertSettings initial={data} />}
    </Page>
  );
}
