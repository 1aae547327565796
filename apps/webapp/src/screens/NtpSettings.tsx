import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { NtpSettings } from "../features/ntp/NtpSettings";
import { useT } from "../lib/i18n";

export function NtpSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.ntpConfigGet.path);
  return (
    <Page title={t("common.ntpSettings")} loading={loading} error={error} onRetry={reload}>
      {data && <NtpSettings initial={data} />}
    </Page>
  );
}
