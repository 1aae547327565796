import type { ReactNode } from "react";
import type { DeviceInfo, LiveInverter } from "@dtu/api/live";
import { Modal } from "../../../components/ui/Modal";
import { useApi } from "../../../components/ui/useApi";
import { useI18n, type MessageKey } from "../../../lib/i18n";
import { livePaths } from "../api";
import { decodeVersion, productionDate } from "../format";
import { DialogBody, type InverterDialogProps } from "./DialogBody";

/** Inverter info (SEED §3, API.md §3.5): versions decoded, production year/week from the serial (§7 #21). */
type RadioStats = NonNullable<LiveInverter["radio_stats"]>;

const RADIO = [
  ["tx_request", "live.radioTx"],
  ["tx_re_request", "live.radioReTx"],
  ["rx_success", "live.radioRx"],
  ["rx_fail_nothing", "live.radioNothing"],
  ["rx_fail_partial", "live.radioPartial"],
  ["rx_fail_corrupt", "live.radioCorrupt"],
  ["rssi", "live.radioRssi"],
] as const satisfies readonly (readonly [keyof RadioStats, MessageKey])[];

export function DeviceInfoDialog({
  serial,
  name,
  onClose,
  radio,
}: InverterDialogProps & { radio?: RadioStats | undefined }) {
  const { t, number } = useI18n();
  const { data, loading, error, reload } = useApi<Partial<DeviceInfo>>(livePaths.devinfo(serial));
  const made = productionDate(serial);
  const rows: [string, ReactNode][] = data?.valid_data
    ? [
        [t("live.infoModel"), data.hw_model_name || t("live.unknown")],
        [t("live.infoSerial"), serial],
        [t("live.infoYear"), made ? made.year : "–"],
        [t("live.infoWeek"), made ? made.week : "–"],
        [t("live.infoMaxPower"), data.max_power ? `${number(data.max_power, 0)} W` : t("live.unknown")],
        [t("live.infoFirmware"), decodeVersion(data.fw_build_version ?? 0)],
        [t("live.infoBuildTime"), data.fw_build_datetime ?? ""],
        [t("live.infoBootloader"), decodeVersion(data.fw_bootloader_version ?? 0)],
        [t("live.infoPartNumber"), String(data.hw_part_number ?? "")],
        [t("live.infoHwVersion"), data.hw_version ?? ""],
      ]
    : [];
  if (data?.valid_data && typeof data.pdl_supported === "boolean") {
    rows.push([t("live.infoPdl"), data.pdl_supported ? t("live.yes") : t("live.no")]);
  }
  // Radio counters of later firmware (API.md §9.2), from the live data; absent means not supported, not zero.
  if (radio) {
    for (const [k, key] of RADIO) {
      const v = radio[k];
      if (v !== undefined) rows.push([t(key), k === "rssi" ? `${v} dBm` : number(v, 0)]);
    }
  }
  return (
    <Modal open title={t("live.infoTitle", { name })} onClose={onClose}>
      <DialogBody loading={loading && !data} error={error} onRetry={reload}>
        {rows.length === 0 ? (
          <div className="alert alert-info mb-0">{t("live.noInfo")}</div>
        ) : (
          <table className="table table-sm mb-0">
            <tbody>
              {rows.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row" className="fw-normal">
                    {k}
                  </th>
                  <td>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DialogBody>
    </Modal>
  );
}
