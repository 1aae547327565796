import { Page } from "../components/ui/Page";
import { useT } from "../lib/i18n";

// Placeholder: the engineer who builds this screen replaces this file (keep the export name).
export function SystemInfoScreen() {
  const t = useT();
  return (
    <Page title={t("common.systemInfo")}>
      <p>{t("common.notBuilt")}</p>
    </Page>
  );
}
