import { endpoints } from "@dtu/api/endpoints";
import type { NetworkConfig } from "@dtu/api/settings";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { useT } from "../../lib/i18n";
import { NETWORK_ANSWERS, networkBody, networkDraft, validateNetwork, type NetworkField } from "./validate";

/** WiFi, static IP (only with DHCP off), mDNS and admin AP cards (SEED §2 Network settings). */
export function NetworkForm({ initial, wifi = true }: { initial: NetworkConfig; wifi?: boolean }) {
  const t = useT();
  const state = useSettingsForm(
    () => networkDraft(initial),
    (d) => validateNetwork(d, wifi),
    NETWORK_ANSWERS,
  );
  const { draft, change, bind } = state;

  const field = (k: NetworkField, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <InputField label={label} {...bind(k)} {...extra} />
  );

  return (
    <SettingsForm
      state={state}
      onValid={(d) => void state.save(endpoints.networkConfigPost.path, networkBody(initial, d))}
    >
      <Card title={t("network.wifiCard")}>
        {field("ssid", t("network.ssid"))}
        {field("password", t("network.password"), { type: "password", autoComplete: "new-password" })}
        <InputField label={t("common.hostname")} {...bind("hostname")} hint={t("network.hostnameHint")} />
        <CheckField
          label={t("network.dhcp")}
          name="dhcp"
          checked={draft.dhcp}
          onChange={(e) => change({ dhcp: e.target.checked })}
        />
      </Card>
      {!draft.dhcp && (
        <Card title={t("network.staticCard")}>
          {field("ipaddress", t("common.ip"))}
          {field("netmask", t("common.netmask"))}
          {field("gateway", t("common.gateway"))}
          {field("dns1", t("network.dns1"))}
          {field("dns2", t("network.dns2"))}
        </Card>
      )}
      <Card title={t("network.mdnsCard")}>
        <CheckField
          label={t("network.mdns")}
          name="mdnsenabled"
          checked={draft.mdnsenabled}
          onChange={(e) => change({ mdnsenabled: e.target.checked })}
        />
      </Card>
      <Card title={t("network.apCard")}>
        <InputField
          label={t("network.apTimeout")}
          {...bind("aptimeout")}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          postfix={t("network.minutes")}
          hint={t("network.apTimeoutHint")}
        />
      </Card>
    </SettingsForm>
  );
}
