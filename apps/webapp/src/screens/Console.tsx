import { Page } from "../components/ui/Page";
import { ConsoleView } from "../features/console/ConsoleView";
import { useT } from "../lib/i18n";

export function ConsoleScreen() {
  const t = useT();
  return (
    <Page title={t("common.console")} wide>
      <ConsoleView />
    </Page>
  );
}
