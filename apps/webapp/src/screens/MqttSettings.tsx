import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { MqttForm } from "../features/mqtt/MqttForm";
import { useT } from "../lib/i18n";

export function MqttSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.mqttConfigGet.path);
  return (
    <Page title={t("common.mqttSettings")} loading={loading} error={error} onRetry={reload}>
      {data && <MqttForm initial={data} />}
    </Page>
  );
}
