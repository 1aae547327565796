import type { MqttStatus } from "@dtu/api/settings";
import { Badge, BoolBadge } from "../../components/ui/Badge";
import { InfoCard } from "../../components/ui/InfoCard";
import { useI18n } from "../../lib/i18n";

export function MqttCards({ m }: { m: MqttStatus }) {
  const { t } = useI18n();
  const onOff = (v: boolean) => (
    <Badge variant={v ? "success" : "secondary"}>{v ? t("info.enabled") : t("info.disabled")}</Badge>
  );
  const yesNo = (v: boolean) => (v ? t("info.yes") : t("info.no"));
  // Certificate dumps are multi-line text (API.md §3.16): shown as is, never as markup.
  const cert = (text: string) => <pre className="mb-0 small text-wrap">{text || "–"}</pre>;
  return (
    <>
      <InfoCard
        title={t("common.broker")}
        rows={[
          [t("common.status"), onOff(m.mqtt_enabled)],
          [t("info.server"), m.mqtt_hostname],
          [t("common.port"), m.mqtt_port],
          [t("common.username"), m.mqtt_username],
          [t("common.baseTopic"), m.mqtt_topic],
          [t("common.publishInterval"), t("info.seconds", { n: m.mqtt_publish_interval })],
          [t("info.cleanSession"), yesNo(m.mqtt_clean_session)],
          [t("info.retain"), yesNo(m.mqtt_retain)],
          [t("info.tls"), yesNo(m.mqtt_tls)],
          m.mqtt_tls && [t("common.rootCa"), cert(m.mqtt_root_ca_cert_info)],
          [t("info.certLogin"), yesNo(m.mqtt_tls_cert_login)],
          m.mqtt_tls_cert_login && [t("common.clientCert"), cert(m.mqtt_client_cert_info)],
        ]}
      />
      <InfoCard
        title={t("info.hass")}
        rows={[
          [t("common.status"), onOff(m.mqtt_hass_enabled)],
          [t("info.hassTopic"), m.mqtt_hass_topic],
          [t("info.retain"), yesNo(m.mqtt_hass_retain)],
          [t("info.expire"), yesNo(m.mqtt_hass_expire)],
          [t("common.individualPanels"), yesNo(m.mqtt_hass_individualpanels)],
        ]}
      />
      <InfoCard
        title={t("info.runtime")}
        rows={[
          [
            t("common.status"),
            <BoolBadge value={m.mqtt_connected} yes={t("info.connected")} no={t("info.disconnected")} />,
          ],
        ]}
      />
    </>
  );
}
