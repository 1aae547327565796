import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { configUrl } from "../features/meter/api";
import { MeterSettings } from "../features/meter/MeterSettings";
import { useT } from "../lib/i18n";

/** `/settings/meter` (gateway build only, issue 31 §5): the household meter's settings; the form is in features/meter. */
export function MeterSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(configUrl());
  return (
    <Page title={t("meter.settingsTitle")} loading={loading} error={error} onRetry={reload}>
      {data && <MeterSettings initial={data} />}
    </Page>
  );
}
