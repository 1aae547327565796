import type { InverterList } from "@dtu/api/settings";
import { useT } from "../../lib/i18n";
import { stateColour } from "./state";

/** A configured serial no model matches (API.md §4.1): the DTU never queries it, so there are no values. */
export function UnknownModel({ name, serial }: { name: string; serial: string }) {
  const t = useT();
  return (
    <section className="card" aria-label={name}>
      <div className={`card-header text-bg-${stateColour.unknown} d-flex flex-wrap column-gap-3`}>
        <h2 className="h5 mb-0 me-auto text-break">{name}</h2>
        <strong>{t("live.stUnknown")}</strong>
        <span>{t("live.serial", { serial })}</span>
      </div>
      <p className="card-body mb-0">{t("live.unknownText")}</p>
    </section>
  );
}

/**
 * The configured inverters to show as "model unknown": those of type "Unknown" that the live data does not have.
 * Matched by serial (issue 21 item 6): one the list calls "Unknown" but that is in the live data (`ids` = its ids,
 * `serial` or `serial~2`) keeps its one live tab instead of getting a second, empty one.
 */
export function unknownModels(list: InverterList["inverter"] | undefined, ids: readonly string[]) {
  const live = new Set(ids.map((id) => id.split("~")[0]?.toLowerCase()));
  return (list ?? []).filter((i) => i.type === "Unknown" && !live.has(i.serial.toLowerCase()));
}
