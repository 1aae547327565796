import type { CommandStatus } from "@dtu/api/live";
import { Badge } from "../../components/ui/Badge";
import { useT } from "../../lib/i18n";

/** Limit/power command status (API.md §4.7) as a coloured badge; anything unexpected shows as Unknown. */
export function StatusBadge({ status }: { status: CommandStatus | string | undefined }) {
  const t = useT();
  switch (status) {
    case "Ok":
      return <Badge variant="success">{t("live.statusOk")}</Badge>;
    case "Pending":
      return <Badge variant="warning">{t("live.statusPending")}</Badge>;
    case "Failure":
      return <Badge variant="danger">{t("live.statusFailure")}</Badge>;
    default:
      return <Badge variant="secondary">{t("live.statusUnknown")}</Badge>;
  }
}
