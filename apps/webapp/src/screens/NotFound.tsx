import { Link } from "../lib/router";
import { Page } from "../components/ui/Page";
import { useT } from "../lib/i18n";
import { paths } from "../lib/routes";

export function NotFoundScreen() {
  const t = useT();
  return (
    <Page title={t("common.notFound")}>
      <Link href={paths.home}>{t("common.goHome")}</Link>
    </Page>
  );
}
