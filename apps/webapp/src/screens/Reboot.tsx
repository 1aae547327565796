import { Page } from "../components/ui/Page";
import { RebootView } from "../features/reboot/RebootView";
import { useT } from "../lib/i18n";

export function RebootScreen() {
  const t = useT();
  return (
    <Page title={t("common.deviceReboot")}>
      <RebootView />
    </Page>
  );
}
