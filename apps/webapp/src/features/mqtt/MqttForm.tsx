import { endpoints } from "@dtu/api/endpoints";
import { uiLimits } from "@dtu/api/limits";
import type { MqttConfig } from "@dtu/api/settings";
import { Card } from "../../components/ui/Card";
import { CheckField, FormRow, InputField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { useT } from "../../lib/i18n";
import {
  MQTT_ANSWERS,
  lwtOnlineBroken,
  mqttBody,
  mqttDraft,
  validateMqtt,
  type MqttDraft,
  type MqttFlag,
  type MqttTextField,
} from "./validate";

/** What a text field of this form may add to its label and value. */
interface InputExtra {
  type?: string;
  hint?: string;
  prefix?: string;
  postfix?: string;
  min?: number;
  max?: number;
}

/** MQTT settings with the conditional cards of SEED §2. */
export function MqttForm({ initial }: { initial: MqttConfig }) {
  const t = useT();
  const repair = lwtOnlineBroken(initial);
  const state = useSettingsForm(
    () => mqttDraft(initial),
    (d: MqttDraft) => validateMqtt(d, repair),
    MQTT_ANSWERS,
  );
  const { draft, change, bind } = state;

  const flag = (k: MqttFlag, label: string) => (
    <CheckField
      label={label}
      name={k}
      checked={draft[k]}
      onChange={(e) => change({ [k]: e.target.checked })}
    />
  );
  const input = (k: MqttTextField, label: string, extra: InputExtra = {}) => (
    <InputField label={label} {...bind(k)} {...extra} />
  );
  const area = (k: "mqtt_root_ca_cert" | "mqtt_client_cert" | "mqtt_client_key", label: string) => {
    const { error, ...control } = bind(k);
    return (
      <FormRow label={label} hint={t("mqtt.certHint", { max: uiLimits.mqtt.cert })} error={error}>
        {(c) => (
          <textarea
            className={`form-control font-monospace${error ? " is-invalid" : ""}`}
            rows={10}
            spellCheck={false}
            {...control}
            {...c}
          />
        )}
      </FormRow>
    );
  };

  return (
    <SettingsForm
      state={state}
      onValid={(d) => void state.save(endpoints.mqttConfigPost.path, mqttBody(initial, d))}
    >
      <Card title={t("common.general")}>
        {flag("mqtt_enabled", t("mqtt.enabled"))}
        {draft.mqtt_enabled && flag("mqtt_hass_enabled", t("mqtt.hassEnabled"))}
      </Card>
      {draft.mqtt_enabled && (
        <>
          <Card title={t("common.broker")}>
            {input("mqtt_hostname", t("mqtt.hostname"))}
            {input("mqtt_port", t("common.port"), { type: "number", ...uiLimits.mqtt.port })}
            {input("mqtt_username", t("common.username"))}
            {input("mqtt_password", t("common.password"), { type: "password" })}
            {input("mqtt_topic", t("common.baseTopic"), { hint: t("mqtt.topicHint") })}
            {input("mqtt_publish_interval", t("common.publishInterval"), {
              type: "number",
              ...uiLimits.mqtt.publishInterval,
              postfix: t("common.seconds"),
            })}
            {flag("mqtt_clean_session", t("mqtt.cleanSession"))}
            {flag("mqtt_retain", t("mqtt.retain"))}
            {flag("mqtt_tls", t("mqtt.tls"))}
            {draft.mqtt_tls && (
              <>
                {area("mqtt_root_ca_cert", t("common.rootCa"))}
                {flag("mqtt_tls_cert_login", t("mqtt.certLogin"))}
                {draft.mqtt_tls_cert_login && (
                  <>
                    {area("mqtt_client_cert", t("common.clientCert"))}
                    {area("mqtt_client_key", t("mqtt.clientKey"))}
                  </>
                )}
              </>
            )}
          </Card>
          <Card title={t("mqtt.lwtCard")}>
            {input("mqtt_lwt_topic", t("mqtt.lwtTopic"), { prefix: draft.mqtt_topic })}
            {input("mqtt_lwt_online", t("mqtt.lwtOnline"), repair ? { hint: t("mqtt.lwtOnlineRepair") } : {})}
            {input("mqtt_lwt_offline", t("mqtt.lwtOffline"))}
          </Card>
          {draft.mqtt_hass_enabled && (
            <Card title={t("mqtt.hassCard")}>
              {input("mqtt_hass_topic", t("mqtt.hassTopic"))}
              {flag("mqtt_hass_retain", t("mqtt.hassRetain"))}
              {flag("mqtt_hass_expire", t("mqtt.hassExpire"))}
              {flag("mqtt_hass_individualpanels", t("common.individualPanels"))}
            </Card>
          )}
        </>
      )}
    </SettingsForm>
  );
}
