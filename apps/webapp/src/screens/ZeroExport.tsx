import { Page } from "../components/ui/Page";
import { useLoad } from "../components/ui/useApi";
import { configUrl, loadScreen } from "../features/zeroexport/api";
import { ZeroExport } from "../features/zeroexport/ZeroExport";
import { useT } from "../lib/i18n";

/** `/zeroexport` (gateway build only, issue 32 §5): the controller's state, chart, log, settings and check. */
export function ZeroExportScreen() {
  const t = useT();
  const { data, loading, error, reload } = useLoad(configUrl(), loadScreen);
  return (
    <Page title={t("zeroexport.title")} loading={loading && !data} error={error} onRetry={reload}>
      {data && <ZeroExport config={data.config} names={data.names} />}
    </Page>
  );
}
