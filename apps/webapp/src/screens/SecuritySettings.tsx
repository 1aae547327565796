import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { SecurityForm } from "../features/security/SecurityForm";
import { useT } from "../lib/i18n";

export function SecuritySettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.securityConfigGet.path);
  return (
    <Page title={t("common.securitySettings")} loading={loading} error={error} onRetry={reload}>
      {data && <SecurityForm initial={data} />}
    </Page>
  );
}
