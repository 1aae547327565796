/**
 * The daily summary (off by default): once a day after sunset (the sun 1° below the horizon, or the device's sunset
 * when the location is unknown), energy and peak of the day, per inverter, and the alerts still open. The peak is
 * the highest system power the engine saw that day; the day sent is remembered in the store (no repeat on restart).
 */
import type { AlertConfig } from "./config.ts";
import { seconds, type Notifier } from "./notify.ts";
import type { SourceSnapshot } from "./source.ts";
import type { AlertStore } from "./store.ts";
import { fill, num } from "./texts.ts";

const SUMMARY_ELEVATION = -1;

export function createSummary(
  store: AlertStore,
  config: () => AlertConfig,
  notify: Notifier,
): (snap: SourceSnapshot) => void {
  let peak = { day: "", watts: 0 };
  return (snap) => {
    const power = snap.inverters.reduce((a, inv) => a + (inv.reachable ? inv.power : 0), 0);
    if (peak.day !== snap.localDay) peak = { day: snap.localDay, watts: 0 };
    peak.watts = Math.max(peak.watts, power);
    if (!config().rules.daily_summary.enabled) return;
    const afterSunset =
      snap.elevation !== null
        ? snap.elevation < SUMMARY_ELEVATION
        : snap.dayMargin !== null && snap.dayMargin < 0;
    // Before noon "below the horizon" is the night before sunrise: the summary belongs to the evening.
    if (!afterSunset || snap.localTime < "12:00" || store.meta("summary_day") === snap.localDay) return;
    const energyWh = snap.inverters.reduce((a, inv) => a + (inv.yieldDayWh ?? 0), 0);
    if (energyWh <= 0 && peak.watts <= 0) return;
    store.setMeta("summary_day", snap.localDay);
    const t = notify.texts();
    const lang = config().language;
    const open = store.open();
    const lines = [
      fill(t.summaryEnergy, { energy: num(energyWh / 1000, lang, 2), peak: Math.round(peak.watts) }),
      ...snap.inverters.map((inv) =>
        fill(t.summaryInverter, { name: inv.name, energy: num((inv.yieldDayWh ?? 0) / 1000, lang, 2) }),
      ),
      open.length ? t.summaryOpen : t.summaryNone,
      ...open.map((a) => `- ${a.title}`),
    ];
    notify.send({
      event: "summary",
      alert: null,
      severity: "info",
      title: fill(t.summary, { name: snap.dtuName, day: snap.localDay }),
      text: lines.join("\n"),
      sent: seconds(snap.now),
    });
  };
}
