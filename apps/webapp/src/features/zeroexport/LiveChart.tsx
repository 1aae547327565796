import { useMemo } from "react";
import { Chart } from "../../components/chart/Chart";
import { useI18n } from "../../lib/i18n";
import { useStore } from "../../lib/store";
import type { StatusFeed } from "./feed";
import { liveChart } from "./liveChart";

/**
 * The last 10 minutes (issue 32 §5): grid, the target band's edges, total output and total limit. Redrawn when the
 * feed adds a sample (its `version`); the samples themselves stay in the feed. The figures are on the state card as
 * text; the canvas is hidden from screen readers (Chart).
 */
export function LiveChart({ feed }: { feed: StatusFeed }) {
  const i18n = useI18n();
  const version = useStore(feed.version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the cue: the samples change in place.
  const chart = useMemo(() => liveChart(feed.samples, i18n), [feed, version, i18n]);
  return (
    <section className="card mb-3">
      <h2 className="card-header h6">{i18n.t("zeroexport.chartTitle")}</h2>
      <figure className="card-body mb-0" aria-label={i18n.t("zeroexport.chartTitle")}>
        <Chart {...chart} />
      </figure>
    </section>
  );
}
