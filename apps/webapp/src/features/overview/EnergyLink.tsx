import { Link } from "../../lib/router";
import { useT } from "../../lib/i18n";
import { gatewayPaths } from "../../lib/routes";

/**
 * The overview's way to the combined History (issue 24 §5). The overview answers "what is happening now" (power,
 * today's yield per device and together); browsing days, months and years is the History's job, with the room for a
 * chart and a table, so the overview keeps only this link instead of a second, smaller copy of it.
 */
export function EnergyLink() {
  const t = useT();
  return (
    <p className="mt-3 mb-0">
      <Link href={gatewayPaths.history}>{t("overview.energyLink")}</Link>
    </p>
  );
}
