import { useEffect } from "react";
import { overviewEndpoints } from "@dtu/api/endpoints";
import type { OverviewCard, OverviewDevice, OverviewTotal } from "@dtu/api/overview";
import { Page } from "../../components/ui/Page";
import { useApi } from "../../components/ui/useApi";
import { deviceHref } from "../../lib/devices";
import { useI18n, useT, type MessageKey } from "../../lib/i18n";
import { readText } from "../../lib/notRead";
import { gatewayPaths } from "../../lib/routes";
import { EnergyLink } from "./EnergyLink";

/** How often the overview asks again: the gateway's own connections keep it current, one request covers all. */
export const OVERVIEW_POLL_MS = 5000;

/** One figure with `d` decimals, or the live view's never-read dash for null (issue 25: never a measured 0). */
function Figure({
  label,
  value,
  d,
  unit,
}: {
  label: MessageKey;
  value: number | null;
  d: number;
  unit: string;
}) {
  const { t, number } = useI18n();
  // On a phone one figure a line, label left and value right (a third of 375 px could not hold "3,916.143 kWh"
  // beside its label); from 576 px three abreast, centred.
  return (
    <div className="col d-flex flex-wrap justify-content-between align-items-baseline column-gap-2 d-sm-block">
      <div className="small text-body-secondary">{t(label)}</div>
      <div className="fs-5">
        <span className="text-nowrap">{readText(number, value ?? 0, d, value !== null)}</span>{" "}
        <small className="text-body-secondary">{unit}</small>
      </div>
    </div>
  );
}

/** Power now, yield today, yield total: the devices' sums or one device's own. */
function Figures({ of }: { of: OverviewTotal }) {
  return (
    <div className="row row-cols-1 row-cols-sm-3 g-2 text-sm-center" data-figures>
      <Figure label="live.totalPower" value={of.power_w} d={1} unit="W" />
      <Figure label="live.yieldToday" value={of.yield_day_wh} d={0} unit="Wh" />
      <Figure label="live.totalYield" value={of.yield_total_kwh} d={3} unit="kWh" />
    </div>
  );
}

/**
 * The household meter's figures (issue 31 §5): grid power now (drawn from or fed into the grid) and today's import
 * and export, each only when known; nothing at all for a device without a meter (null is not 0).
 */
function GridFigures({ of }: { of: OverviewTotal }) {
  const { grid_w: grid, import_today_wh: imported, export_today_wh: exported } = of;
  if (grid === null && imported === null && exported === null) return null;
  return (
    <div className="row row-cols-3 g-2 text-center mt-1" data-grid>
      {grid !== null && (
        <Figure
          label={grid < 0 ? "overview.gridExport" : "overview.gridImport"}
          value={Math.abs(grid)}
          d={0}
          unit="W"
        />
      )}
      {imported !== null && <Figure label="overview.importToday" value={imported} d={0} unit="Wh" />}
      {exported !== null && <Figure label="overview.exportToday" value={exported} d={0} unit="Wh" />}
    </div>
  );
}

/**
 * The device's open alerts, linking to its own Alerts screen (`/d/NAME/alerts`). Nothing when the device runs no
 * alerts (null: without history), which is not the same as none open.
 */
function DeviceAlerts({ device }: { device: OverviewDevice }) {
  const { t, number } = useI18n();
  const open = device.alerts_open;
  if (open === null) return null;
  const critical = device.alerts_critical ?? 0;
  const tone = critical > 0 ? "text-bg-danger" : open > 0 ? "text-bg-warning" : "text-bg-secondary";
  return (
    <p className="mb-0 mt-1 small" data-alerts>
      <a
        className="text-reset"
        href={deviceHref(device.name) + gatewayPaths.alerts.slice(1)}
        aria-label={t("overview.alertsOf", { name: device.name })}
      >
        {t("overview.alerts")}
      </a>{" "}
      <span className={`badge ${tone}`}>{number(open)}</span>
      {critical > 0 && <> {t("overview.critical", { count: number(critical) })}</>}
    </p>
  );
}

/**
 * What the figures cover, when it matters (issue 25: the totals say which inverters they count): inverters not read
 * since the DTU started, and the time of the history's last readings standing in for their yields.
 */
function Coverage({ device }: { device: OverviewDevice }) {
  const { t, dateTime } = useI18n();
  const { read, total } = device.inverters;
  const at = device.last_known_at;
  return (
    <>
      {read < total && (
        <p className="mb-0 mt-1 small" data-unread>
          {t("overview.unread", { n: total - read, all: total })}
        </p>
      )}
      {at !== null && (
        <p className="mb-0 mt-1 small text-body-secondary" data-last-known>
          {t("overview.lastKnown", { time: dateTime(at * 1000) })}
        </p>
      )}
    </>
  );
}

/**
 * A device the request may not read (its read-only access off, and the page's login is not its password): its name
 * and the way to its own login, nothing else (the gateway sends nothing else).
 */
function LockedCard({ name }: { name: string }) {
  const t = useT();
  return (
    <div className="col">
      <section className="card h-100" aria-label={name} data-locked>
        <div className="card-header d-flex flex-wrap justify-content-between column-gap-2 text-bg-secondary">
          <a className="text-reset fw-bold" href={deviceHref(name)} aria-label={t("overview.open", { name })}>
            {name}
          </a>
          <span>{t("overview.locked")}</span>
        </div>
        <div className="card-body">
          <a href={deviceHref(name)}>{t("overview.lockedHint")}</a>
        </div>
      </section>
    </div>
  );
}

function DeviceCard({ device }: { device: OverviewCard }) {
  if (device.locked) return <LockedCard name={device.name} />;
  return <OpenCard device={device} />;
}

function OpenCard({ device }: { device: OverviewDevice }) {
  const { t, dateTime } = useI18n();
  const inv = device.inverters;
  return (
    <div className="col">
      <section className="card h-100" aria-label={device.name}>
        <div
          className={`card-header d-flex flex-wrap justify-content-between column-gap-2 ${device.reachable ? "text-bg-success" : "text-bg-danger"}`}
        >
          <a
            className="text-reset fw-bold"
            href={deviceHref(device.name)}
            aria-label={t("overview.open", { name: device.name })}
          >
            {device.name}
          </a>
          <span data-reachable={device.reachable}>
            {device.reachable
              ? t("overview.answering")
              : t("overview.silentSince", { time: dateTime(device.since * 1000) })}
          </span>
        </div>
        <div className="card-body">
          <Figures of={device} />
          <GridFigures of={device} />
          <p className="mb-0 mt-2 small">
            {t("overview.inverters")}{" "}
            <span className="text-nowrap" data-inverters>
              {inv.producing} / {inv.reachable} / {inv.total}
            </span>
          </p>
          <Coverage device={device} />
          <DeviceAlerts device={device} />
        </div>
      </section>
    </div>
  );
}

/** `/` of a gateway with several devices (issue 24 §4): combined totals and one card per device, polled. */
export function Overview() {
  const { t } = useI18n();
  const { data, loading, error, reload } = useApi(overviewEndpoints.overview.path);
  useEffect(() => {
    const id = setInterval(reload, OVERVIEW_POLL_MS);
    return () => clearInterval(id);
  }, [reload]);
  return (
    <Page
      title={t("overview.title")}
      wide
      loading={loading && !data}
      error={data ? undefined : error}
      onRetry={reload}
    >
      {data && (
        <>
          {/* A failed poll keeps the last figures, and says so. */}
          {error && (
            <div className="alert alert-warning" role="alert">
              {error.message}
            </div>
          )}
          <section className="card mb-3" aria-label={t("overview.all")} data-total>
            <div className="card-header">{t("overview.all")}</div>
            <div className="card-body">
              <Figures of={data.total} />
              <GridFigures of={data.total} />
              {data.locked.length > 0 && (
                <p className="mb-0 mt-2 small text-center" data-left-out>
                  {t("overview.leftOut", { names: data.locked.join(", ") })}
                </p>
              )}
            </div>
          </section>
          {data.devices.length === 0 ? (
            <p>{t("overview.none")}</p>
          ) : (
            <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3">
              {data.devices.map((d) => (
                <DeviceCard key={d.name} device={d} />
              ))}
            </div>
          )}
          {data.devices.length > 0 && <EnergyLink />}
        </>
      )}
    </Page>
  );
}
