import type { NetworkStatus } from "@dtu/api/settings";
import { Badge } from "../../components/ui/Badge";
import { InfoCard } from "../../components/ui/InfoCard";
import { useI18n } from "../../lib/i18n";
import { signalQuality } from "./quality";

export function NetworkCards({ n }: { n: NetworkStatus }) {
  const { t } = useI18n();
  // API.md §3.17: the *_status flags say whether a mode is switched on, not whether it is connected.
  const onOff = (v: boolean) => (
    <Badge variant={v ? "success" : "secondary"}>{v ? t("info.enabled") : t("info.disabled")}</Badge>
  );
  return (
    <>
      <InfoCard
        title={t("info.station")}
        rows={[
          [t("common.status"), onOff(n.sta_status)],
          [t("info.ssid"), n.sta_ssid],
          [t("info.bssid"), n.sta_bssid],
          [t("info.quality"), `${signalQuality(n.sta_rssi)} %`],
          [t("info.rssi"), `${n.sta_rssi} dBm`],
        ]}
      />
      <InfoCard
        title={t("info.accessPoint")}
        rows={[
          [t("common.status"), onOff(n.ap_status)],
          [t("info.ssid"), n.ap_ssid],
          [t("info.stationCount"), n.ap_stationnum],
        ]}
      />
      <InfoCard
        // API.md §3.17: network_mode is "Station" (WiFi) or "Ethernet"; the first is a word to translate.
        title={t("info.iface", { mode: n.network_mode === "Station" ? t("info.station") : n.network_mode })}
        rows={[
          [t("common.hostname"), n.network_hostname],
          [t("common.ip"), n.network_ip],
          [t("common.netmask"), n.network_netmask],
          [t("common.gateway"), n.network_gateway],
          [t("info.dns", { n: 1 }), n.network_dns1],
          [t("info.dns", { n: 2 }), n.network_dns2],
          [t("info.mac"), n.network_mac],
        ]}
      />
      <InfoCard
        title={t("info.iface", { mode: t("info.accessPoint") })}
        rows={[
          [t("common.ip"), n.ap_ip],
          [t("info.mac"), n.ap_mac],
        ]}
      />
    </>
  );
}
