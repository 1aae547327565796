import { memo } from "react";
import type { Channel } from "@dtu/api/live";
import { useI18n } from "../../lib/i18n";
import { readText } from "../../lib/notRead";
import { LABELS, ordered, shownDecimals } from "./props";

/**
 * One card (INV, AC phase or DC string): a table of property, value with its `d` decimals in the chosen language,
 * unit. Memoised: the channel object keeps its identity while its values do not change (merge.ts).
 */
export const ChannelCard = memo(function ChannelCard({
  title,
  channel,
  read,
  labels,
}: {
  title: string;
  channel: Channel;
  /** False: never read since the DTU started, every value a dash (issue 25 item 1). */
  read?: boolean;
  /** Labels of some properties instead of the usual ones ("Yield yesterday" of an older reading, issue 34 §9). */
  labels?: Record<string, string>;
}) {
  const { t, number } = useI18n();
  return (
    <div className="col">
      <div className="card h-100">
        <div className="card-header">{title}</div>
        <div className="card-body p-0">
          <table className="table table-sm table-striped mb-0">
            <thead>
              <tr>
                <th scope="col">{t("live.property")}</th>
                <th scope="col" className="text-end">
                  {t("live.value")}
                </th>
                <th scope="col">{t("live.unit")}</th>
              </tr>
            </thead>
            <tbody>
              {ordered(channel).map(([name, f]) => {
                if (!("v" in f)) return null; // DC `name: {u}` is the card title, not a row
                const label = LABELS[name];
                return (
                  <tr key={name}>
                    <th scope="row" className="fw-normal">
                      {labels?.[name] ?? (label ? t(label) : name)}
                    </th>
                    <td className="text-end">{readText(number, f.v, shownDecimals(f.d, f.u), read)}</td>
                    <td>
                      {f.u}
                      {typeof f.max === "number" && (
                        <span className="text-body-secondary">
                          {" "}
                          {t("live.ofMax", { max: number(f.max, 0) })}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
});
