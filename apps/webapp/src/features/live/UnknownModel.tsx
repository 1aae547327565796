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
