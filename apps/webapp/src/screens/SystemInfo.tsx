import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { SystemCards } from "../features/system/SystemCards";
import { useT } from "../lib/i18n";

export function SystemInfoScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.systemStatus.path);
  return (
    <Page title={t("common.systemInfo")} loading={loading && !data} error={error} onReload={reload}>
      {data && <SystemCards s={data} />}
    </Page>
  );
}
