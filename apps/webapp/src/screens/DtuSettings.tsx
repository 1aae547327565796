import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { DtuForm } from "../features/dtu/DtuForm";
import { useT } from "../lib/i18n";

export function DtuSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.dtuConfigGet.path);
  return (
    <Page title={t("common.dtuSettings")} loading={loading} error={error} onRetry={reload}>
      {data && <DtuForm initial={data} />}
    </Page>
  );
}
