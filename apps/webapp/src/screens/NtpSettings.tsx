import { endpoints } from "@dtu/api/endpoints";
import type { NtpConfig } from "@dtu/api/settings";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { NtpSettings } from "../features/ntp/NtpSettings";
import { useT } from "../lib/i18n";

export function NtpSettingsScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi<NtpConfig>(endpoints.ntpConfigGet.path);
  return (
    <Page title={t("common.ntpSettings")} loading={loading} error={error} onRetry={reload}>
      {data && <NtpSettings initial={data} />}
    </Page>
  );
}
