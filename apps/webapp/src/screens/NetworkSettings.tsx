import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { NetworkForm } from "../features/network/NetworkForm";
import { useT } from "../lib/i18n";

export function NetworkSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.networkConfigGet.path);
  // The device asks for a WiFi name only in WiFi mode (API.md §3.17); an Ethernet one may leave it empty.
  const mode = useApi(endpoints.networkStatus.path).data?.network_mode;
  return (
    <Page title={t("common.networkSettings")} loading={loading} error={error} onRetry={reload}>
      {data && <NetworkForm initial={data} wifi={mode !== "Ethernet"} />}
    </Page>
  );
}
