import { Page } from "../components/ui/Page";
import { AboutSections } from "../features/about/AboutSections";
import { useT } from "../lib/i18n";

export function AboutScreen() {
  const t = useT();
  return (
    <Page title={t("common.about")}>
      <AboutSections />
    </Page>
  );
}
