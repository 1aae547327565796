import { Page } from "../components/ui/Page";
import { ConfigView } from "../features/config/ConfigView";
import { useConfigFiles } from "../features/config/useConfigFiles";
import { useT } from "../lib/i18n";

export function ConfigManagementScreen() {
  const t = useT();
  const { data, loading, error, reload } = useConfigFiles();
  return (
    <Page title={t("common.configManagement")} loading={loading && !data} error={error} onReload={reload}>
      {data && <ConfigView files={data} reload={reload} />}
    </Page>
  );
}
