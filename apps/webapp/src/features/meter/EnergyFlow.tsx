/**
 * The energy-flow card above the inverters (issue 31 §5, gateway build only: screens/LiveView.tsx puts it in the
 * live view's `afterTotals` slot while the server's features say `meter`): production → home ← grid with the grid
 * arrow's direction and the watts, and today's self-consumption and autarky. The meter's status is polled by a feed
 * of the card's own (./feed.ts); the live production comes in as a readable value, so only this card re-renders.
 * A stale meter shows its age and dashes, never 0; a failed read says why in words.
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import { useI18n, type I18n } from "../../lib/i18n";
import { useStore, type Store } from "../../lib/store";
import { MeterFeed } from "./feed";
import { flowOf, type Flow } from "./flow";
import { ageText, errorText } from "./words";

/** A value the card reads without its owner re-rendering (the live view's total power). */
export type Readable<T> = Pick<Store<T>, "get" | "subscribe">;

const watts = (number: I18n["number"], w: number | null): string => (w === null ? "–" : number(Math.abs(w)));

function Node({ label, w, note }: { label: string; w: number | null; note?: string }) {
  const { number } = useI18n();
  return (
    <div className="flex-fill">
      <div className="small text-body-secondary">{label}</div>
      <div className="fs-5 text-nowrap">
        {watts(number, w)} <small className="text-body-secondary">W</small>
      </div>
      {note && <div className="small">{note}</div>}
    </div>
  );
}

/** An arrow between two nodes; `left` points to the node before it. Its name says the flow and its watts. */
function Arrow({ towards, label }: { towards: "left" | "right" | null; label: string }) {
  return (
    <span className="fs-4 px-1" role="img" aria-label={label} data-arrow={towards ?? "none"}>
      {towards === "left" ? "←" : towards === "right" ? "→" : "–"}
    </span>
  );
}

function gridNote(t: I18n["t"], f: Flow): string | undefined {
  if (f.direction === "import") return t("meter.importing");
  if (f.direction === "export") return t("meter.exporting");
  if (f.direction === "balanced") return t("meter.balanced");
  return undefined;
}

function gridArrow(t: I18n["t"], number: I18n["number"], f: Flow) {
  const power = watts(number, f.gridW);
  if (f.direction === "import") return <Arrow towards="left" label={t("meter.flowImport", { power })} />;
  if (f.direction === "export") return <Arrow towards="right" label={t("meter.flowExport", { power })} />;
  return <Arrow towards={null} label={`${t("meter.grid")}: ${f.direction ? t("meter.balanced") : "–"}`} />;
}

/** Stale or failed: what the owner needs to know, in words. */
function Notes({ f, failed, never }: { f: Flow; failed: string | null; never: boolean }) {
  const { t } = useI18n();
  const lines: string[] = [];
  if (failed !== null) lines.push(t("meter.failed", { error: failed }));
  else {
    if (f.staleMs !== null) lines.push(t("meter.stale", { age: ageText(t, f.staleMs) }));
    else if (never) lines.push(t("meter.noValue"));
    if (f.error) lines.push(t("meter.failed", { error: errorText(t, f.error) }));
  }
  if (lines.length === 0) return null;
  return (
    <div className="small mt-2" data-meter-note>
      {lines.map((l) => (
        <p key={l} className="mb-0">
          {l}
        </p>
      ))}
    </div>
  );
}

function Today({ f }: { f: Flow }) {
  const { t, number } = useI18n();
  const pct = (v: number | null) => (v === null ? "–" : `${number(v)} %`);
  return (
    <dl className="row row-cols-2 g-0 small mb-0 mt-2 text-center">
      <div className="col">
        <dt className="fw-normal text-body-secondary">{t("meter.selfConsumption")}</dt>
        <dd className="mb-0" data-self-consumption>
          {pct(f.selfConsumptionPct)}
        </dd>
      </div>
      <div className="col">
        <dt className="fw-normal text-body-secondary">{t("meter.autarky")}</dt>
        <dd className="mb-0" data-autarky>
          {pct(f.autarkyPct)}
        </dd>
      </div>
    </dl>
  );
}

export function EnergyFlow({ production, feed }: { production: Readable<number | null>; feed?: MeterFeed }) {
  const { t, number } = useI18n();
  const [own] = useState(() => feed ?? new MeterFeed());
  useEffect(() => own.acquire(), [own]);
  const { status, failed } = useStore(own.store);
  const productionW = useSyncExternalStore(production.subscribe, production.get, production.get);
  // Nothing before the first answer, and nothing for a meter switched off in its settings.
  if (!status || status.state === "off") return null;
  const f = flowOf(status, productionW);
  const shown = failed === null ? f : { ...f, gridW: null, homeW: null, direction: null };
  return (
    <section
      className="card mb-3"
      aria-label={t("meter.flowTitle")}
      data-energy-flow=""
      data-meter-state={failed === null ? status.state : "unanswered"}
    >
      <div className="card-header small">{t("meter.flowTitle")}</div>
      <div className="card-body py-2">
        <div className="d-flex align-items-center text-center">
          <Node label={t("meter.production")} w={productionW} />
          <Arrow
            // No arrow for nothing produced (night): 0 W does not flow anywhere.
            towards={productionW !== null && productionW >= 0.5 ? "right" : null}
            label={t("meter.flowSun", { power: watts(number, productionW) })}
          />
          <Node label={t("meter.home")} w={shown.homeW} />
          {gridArrow(t, number, shown)}
          <Node label={t("meter.grid")} w={shown.gridW} note={gridNote(t, shown)} />
        </div>
        <Notes f={shown} failed={failed} never={status.power_w === null} />
        <Today f={f} />
      </div>
    </section>
  );
}
