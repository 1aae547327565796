import { endpoints } from "@dtu/api/endpoints";
import { Page } from "../components/ui/Page";
import { useApi } from "../components/ui/useApi";
import { NtpCards } from "../features/ntpinfo/NtpCards";
import { useT } from "../lib/i18n";

export function NtpInfoScreen() {
  const t = useT();
  const { data, loading, error, reload } = useApi(endpoints.ntpStatus.path);
  return (
    <Page title={t("common.ntpInfo")} loading={loading && !data} error={error} onReload={reload}>
      {data && <NtpCards n={data} />}
    </Page>
  );
}
