import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { inverterListPath, type InverterList } from "../features/inverters/api";
import { InvertersView } from "../features/inverters/InvertersView";
import { useT } from "../lib/i18n";

export function InverterSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi<InverterList>(inverterListPath);
  return (
    <Page title={t("common.inverterSettings")} wide loading={loading && !data} error={error} onRetry={reload}>
      {data && <InvertersView initial={data} />}
    </Page>
  );
}
