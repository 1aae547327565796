import type { SystemStatus } from "@dtu/api/system";
import { Badge } from "../../components/ui/Badge";
import { InfoCard } from "../../components/ui/InfoCard";
import { useI18n } from "../../lib/i18n";
import { firmwareUrl, nrfType, radioState, splitUptime, toKb, usagePercent } from "./rules";
import { useUpdateCheck } from "./updateCheck";

export function SystemCards({ s }: { s: SystemStatus }) {
  return (
    <>
      <FirmwareCard s={s} />
      <HardwareCard s={s} />
      <MemoryCard s={s} />
      <RadioCard s={s} />
      {s.task_details && s.task_details.length > 0 && <TasksCard tasks={s.task_details} />}
    </>
  );
}

function UpdateBadge({ gitHash }: { gitHash: string }) {
  const { t } = useI18n();
  const u = useUpdateCheck(gitHash);
  if (u.kind === "checking") return <Badge variant="secondary">{t("info.updateChecking")}</Badge>;
  if (u.kind === "error") return <Badge variant="secondary">{t("info.updateError")}</Badge>;
  if (u.kind === "current") return <Badge variant="success">{t("info.updateOk")}</Badge>;
  return (
    <a href={u.url} target="_blank" rel="noopener noreferrer" className="badge text-bg-danger">
      {t("info.updateNew", { count: u.commits })}
    </a>
  );
}

function FirmwareCard({ s }: { s: SystemStatus }) {
  const { t } = useI18n();
  const up = splitUptime(s.uptime);
  return (
    <InfoCard
      title={t("info.firmware")}
      rows={[
        [t("common.hostname"), s.hostname],
        [t("info.sdkVersion"), s.sdkversion],
        [t("info.configVersion"), s.config_version],
        [
          t("info.firmwareVersion"),
          <a href={firmwareUrl(s.git_hash)} target="_blank" rel="noopener noreferrer">
            {s.git_hash}
          </a>,
        ],
        s.git_branch !== undefined && [t("info.branch"), s.git_branch],
        [t("info.buildEnv"), s.pioenv],
        [t("info.updates"), <UpdateBadge gitHash={s.git_hash} />],
        [t("info.resetReason", { n: 0 }), s.resetreason_0],
        [t("info.resetReason", { n: 1 }), s.resetreason_1],
        [t("info.cfgSaveCount"), s.cfgsavecount],
        [t("info.uptime"), t("info.uptimeValue", up)],
      ]}
    />
  );
}

function HardwareCard({ s }: { s: SystemStatus }) {
  const { t, number } = useI18n();
  return (
    <InfoCard
      title={t("info.hardware")}
      rows={[
        [t("info.chipModel"), s.chipmodel],
        [t("info.chipRevision"), s.chiprevision],
        [t("info.chipCores"), s.chipcores],
        [t("info.cpuFreq"), `${s.cpufreq} MHz`],
        // API.md §9.16: null where the chip cannot read its temperature.
        s.cputemp !== undefined && [
          t("info.cpuTemp"),
          s.cputemp === null ? t("info.notAvailable") : `${number(s.cputemp, 1)} °C`,
        ],
        s.flashsize !== undefined && [t("info.flashSize"), `${number(toKb(s.flashsize))} kB`],
        // API.md §9.16: heap details of later firmware.
        s.heap_max_block !== undefined && [t("info.heapMaxBlock"), `${number(toKb(s.heap_max_block))} kB`],
        s.heap_min_free !== undefined && [t("info.heapMinFree"), `${number(toKb(s.heap_min_free))} kB`],
      ]}
    />
  );
}

function MemoryCard({ s }: { s: SystemStatus }) {
  const { t, number } = useI18n();
  const kb = (b: number) => `${number(toKb(b))} kB`;
  const rows: [string, number, number][] = [
    [t("info.heap"), s.heap_used, s.heap_total],
    [t("info.littlefs"), s.littlefs_used, s.littlefs_total],
    [t("info.sketch"), s.sketch_used, s.sketch_total],
  ];
  // API.md §9.16: psram_total is 0 on boards without external RAM.
  if (s.psram_total) rows.push([t("info.psram"), s.psram_used ?? 0, s.psram_total]);
  return (
    <InfoCard title={t("info.memory")}>
      {/* Focusable so keyboard users can scroll it on a phone (axe: scrollable-region-focusable). */}
      <div className="table-responsive" tabIndex={0}>
        <table className="table table-hover mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{t("info.memType")}</th>
              <th scope="col" className="w-25" style={{ minWidth: "6rem" }}>
                {t("info.usage")}
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t("info.free")}
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t("info.used")}
              </th>
              <th scope="col" className="text-end">
                {t("common.size")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, used, total]) => {
              const pct = usagePercent(used, total);
              return (
                <tr key={name}>
                  <th scope="row" className="fw-normal">
                    {name}
                  </th>
                  <td>
                    <div className="d-flex align-items-center gap-2">
                      <div
                        className="progress flex-grow-1"
                        role="progressbar"
                        aria-label={t("info.usageOf", { name, percent: pct })}
                        aria-valuenow={pct}
                        aria-valuemin={0}
                        aria-valuemax={100}
                      >
                        <div className="progress-bar" style={{ width: `${pct}%` }} />
                      </div>
                      <span className="small text-nowrap">{number(pct)} %</span>
                    </div>
                  </td>
                  <td className="text-end text-nowrap d-none d-sm-table-cell">
                    {kb(Math.max(0, total - used))}
                  </td>
                  <td className="text-end text-nowrap d-none d-sm-table-cell">{kb(used)}</td>
                  <td className="text-end text-nowrap">{kb(total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </InfoCard>
  );
}

function RadioBadge({ configured, connected }: { configured: boolean; connected: boolean }) {
  const { t } = useI18n();
  const st = radioState(configured, connected);
  if (st === undefined) return null;
  return st === "connected" ? (
    <Badge variant="success">{t("info.connected")}</Badge>
  ) : (
    <Badge variant="danger">{t("info.notConnected")}</Badge>
  );
}

function RadioCard({ s }: { s: SystemStatus }) {
  const { t } = useI18n();
  const yesNo = (v: boolean) => (
    <Badge variant={v ? "success" : "secondary"}>{v ? t("info.yes") : t("info.no")}</Badge>
  );
  const type = nrfType(s.nrf_connected, s.nrf_pvariant);
  const nrf = "nRF24";
  const cmt = "CMT2300A";
  return (
    <InfoCard
      title={t("info.radio")}
      rows={[
        [t("info.configured", { chip: nrf }), yesNo(s.nrf_configured)],
        [
          t("info.chipState", { chip: nrf }),
          <RadioBadge configured={s.nrf_configured} connected={s.nrf_connected} />,
        ],
        [
          t("info.chipType", { chip: nrf }),
          type === "plus" ? (
            <Badge variant="success">nRF24L01+</Badge>
          ) : type === "plain" ? (
            <Badge variant="danger">nRF24L01</Badge>
          ) : (
            <Badge variant="secondary">{t("info.unknown")}</Badge>
          ),
        ],
        [t("info.configured", { chip: cmt }), yesNo(s.cmt_configured)],
        [
          t("info.chipState", { chip: cmt }),
          <RadioBadge configured={s.cmt_configured} connected={s.cmt_connected} />,
        ],
      ]}
    />
  );
}

function TasksCard({ tasks }: { tasks: NonNullable<SystemStatus["task_details"]> }) {
  const { t, number } = useI18n();
  return (
    <InfoCard title={t("info.tasks")}>
      {/* Focusable so keyboard users can scroll it on a phone (axe: scrollable-region-focusable). */}
      <div className="table-responsive" tabIndex={0}>
        <table className="table table-hover mb-0">
          <thead>
            <tr>
              <th scope="col">{t("common.name")}</th>
              <th scope="col" className="text-end">
                {t("info.taskStack")}
              </th>
              <th scope="col" className="text-end">
                {t("info.taskPriority")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((k) => (
              <tr key={k.name}>
                <td>{k.name}</td>
                <td className="text-end">{number(k.stack_watermark)} B</td>
                <td className="text-end">{k.priority}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </InfoCard>
  );
}
