import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { History } from "../features/history/History";
import { infoUrl } from "../features/history/api";
import { useT } from "../lib/i18n";

/** `/history` (gateway build only, issue 14 §6): the recorded production; the views live in features/history. */
export function HistoryScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(infoUrl());
  return (
    <Page title={t("history.title")} wide loading={loading && !data} error={error} onRetry={reload}>
      {data && <History info={data} />}
    </Page>
  );
}
