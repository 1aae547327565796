import type { Field } from "@dtu/api/live";
import { useI18n, type MessageKey } from "../../lib/i18n";
import { useLive } from "./hooks";
import { liveFeed, type LiveFeed } from "./liveStore";

function TotalCard({ label, field }: { label: MessageKey; field: Field }) {
  const { t, number } = useI18n();
  return (
    <div className="col">
      <div className="card text-center h-100">
        <div className="card-header">{t(label)}</div>
        <div className="card-body">
          <p className="h2 mb-0">
            {number(field.v, field.d)} <small className="text-body-secondary">{field.u}</small>
          </p>
        </div>
      </div>
    </div>
  );
}

/** Totals cards (SEED §2): total yield, yield today, total power, each with its `d` decimals. */
export function Totals({ feed = liveFeed }: { feed?: LiveFeed }) {
  const total = useLive((s) => s.total, feed);
  if (!total) return null;
  return (
    <div className="row row-cols-1 row-cols-md-3 g-3 mb-3">
      <TotalCard label="live.totalYield" field={total.YieldTotal} />
      <TotalCard label="live.yieldToday" field={total.YieldDay} />
      <TotalCard label="live.totalPower" field={total.Power} />
    </div>
  );
}
