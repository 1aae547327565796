import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { MqttCards } from "../features/mqttinfo/MqttCards";
import { useT } from "../lib/i18n";

export function MqttInfoScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.mqttStatus.path);
  return (
    <Page title={t("common.mqttInfo")} loading={loading && !data} error={error} onReload={reload}>
      {data && <MqttCards m={data} />}
    </Page>
  );
}
