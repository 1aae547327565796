import { Page } from "../components/ui/Page";
import { FirmwareView } from "../features/firmware/FirmwareView";
import { useT } from "../lib/i18n";

export function FirmwareUpgradeScreen() {
  const t = useT();
  return (
    <Page title={t("common.firmwareUpgrade")}>
      <FirmwareView />
    </Page>
  );
}
