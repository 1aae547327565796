import { useEffect, useState } from "react";
import type { ZeroExportConfig } from "@dtu/api/zeroexport";
import { LoadError } from "../../components/ui/LoadError";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../lib/i18n";
import { useStore } from "../../lib/store";
import { getStatus } from "./api";
import { StatusFeed } from "./feed";
import { CommissioningCheck } from "./Check";
import { InverterTable } from "./Inverters";
import { LiveChart } from "./LiveChart";
import { ZeroExportSettings } from "./Settings";
import { StatusCard } from "./StatusCard";
import { WhyLog } from "./WhyLog";

/**
 * The Zero export screen's content (issue 32 §5): the live state (polled by a StatusFeed), the chart of the last 10
 * minutes, the inverters, the "why" log, the settings and the commissioning check.
 */
export function ZeroExport({
  config,
  names,
  feed: given,
}: {
  config: ZeroExportConfig;
  names: ReadonlyMap<string, string>;
  /** Tests pass a feed with their own timers. */
  feed?: StatusFeed;
}) {
  const i18n = useI18n();
  const [feed] = useState(() => given ?? new StatusFeed(getStatus));
  useEffect(() => feed.start(), [feed]);
  const status = useStore(feed.status);
  const error = useStore(feed.error);
  useStore(feed.version);
  const refresh = () => feed.refresh();
  const ctx = { i18n, names, now: feed.samples[feed.samples.length - 1]?.t ?? Date.now() };
  return (
    <>
      {error && <LoadError error={error} onRetry={refresh} />}
      {status ? (
        <>
          <StatusCard status={status} ctx={ctx} onResumed={refresh} />
          <LiveChart feed={feed} />
          <InverterTable status={status} ctx={ctx} />
          <WhyLog status={status} ctx={ctx} />
        </>
      ) : (
        !error && (
          <div className="text-center py-3">
            <Spinner />
          </div>
        )
      )}
      <ZeroExportSettings initial={config} names={names} onSaved={refresh} />
      <CommissioningCheck names={names} onDone={refresh} />
    </>
  );
}
