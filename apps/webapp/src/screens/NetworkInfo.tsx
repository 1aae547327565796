import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { NetworkCards } from "../features/netinfo/NetworkCards";
import { useT } from "../lib/i18n";

export function NetworkInfoScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.networkStatus.path);
  return (
    <Page title={t("common.networkInfo")} loading={loading && !data} error={error} onReload={reload}>
      {data && <NetworkCards n={data} />}
    </Page>
  );
}
