import { useEffect, useState } from "react";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { AlertFilter } from "../features/alerts/AlertFilter";
import { AlertList } from "../features/alerts/AlertList";
import { LearningNote } from "../features/alerts/LearningNote";
import { NotifyPermission } from "../features/alerts/NotifyPermission";
import { listUrl, type ListFilter } from "../features/alerts/api";
import { openAlertsStore } from "../features/alerts/feed";
import { useT } from "../lib/i18n";

/** `/alerts` (gateway build only, issue 23 §4): open and past alerts; the parts live in features/alerts. */
export function AlertsScreen() {
  const t = useT();
  const [filter, setFilter] = useState<ListFilter>({ state: "open", from: "", to: "" });
  const { data, loading, error, reload } = useApi(listUrl(filter));
  // A raised, cleared or acknowledged alert (the stream, the badge's poll) changes the open ones: the list follows.
  useEffect(() => openAlertsStore.subscribe(reload), [reload]);
  return (
    <Page
      title={t("alerts.title")}
      loading={loading && !data}
      error={error}
      onRetry={reload}
      onReload={reload}
    >
      <AlertFilter value={filter} onApply={setFilter} />
      {data && <LearningNote learning={data.learning} />}
      {data && <AlertList answer={data} onChanged={reload} />}
      <NotifyPermission />
    </Page>
  );
}
