import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { deviceConfigPath, type DeviceConfig } from "../features/device/api";
import { DeviceView } from "../features/device/DeviceView";
import { useT } from "../lib/i18n";

export function DeviceManagerScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi<DeviceConfig>(deviceConfigPath);
  return (
    <Page title={t("common.deviceManager")} loading={loading && !data} error={error} onRetry={reload}>
      {data && <DeviceView config={data} onReload={reload} />}
    </Page>
  );
}
