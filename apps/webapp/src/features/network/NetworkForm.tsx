import { useRef, useState, type FormEvent } from "react";
import { endpoints } from "@dtu/api/endpoints";
import type { NetworkConfig } from "@dtu/api/settings";
import { SaveButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField } from "../../components/ui/FormRow";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { useSave } from "../../components/ui/useSave";
import {
  focusFirstInvalid,
  hasProblems,
  useProblemText,
  type Problems,
} from "../../components/ui/validation";
import { useT } from "../../lib/i18n";
import { networkBody, networkDraft, validateNetwork, type NetworkDraft, type NetworkField } from "./validate";

/** WiFi, static IP (only with DHCP off), mDNS and admin AP cards (SEED §2 Network settings). */
export function NetworkForm({ initial }: { initial: NetworkConfig }) {
  const t = useT();
  const text = useProblemText();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => networkDraft(initial));
  const [problems, setProblems] = useState<Problems<NetworkField>>({});
  const [tried, setTried] = useState(false);
  const { busy, result, clear, save } = useSave();

  const change = (patch: Partial<NetworkDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (tried) setProblems(validateNetwork(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const p = validateNetwork(draft);
    setProblems(p);
    if (hasProblems(p)) {
      clear();
      focusFirstInvalid(form.current);
      return;
    }
    void save(endpoints.networkConfigPost.path, networkBody(initial, draft));
  };

  const field = (k: NetworkField, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <InputField
      label={label}
      name={k}
      value={draft[k]}
      error={text(problems[k])}
      onChange={(e) => change({ [k]: e.target.value })}
      {...extra}
    />
  );

  return (
    <form ref={form} noValidate onSubmit={submit}>
      <Card title={t("network.wifiCard")}>
        {field("ssid", t("network.ssid"))}
        {field("password", t("network.password"), { type: "password", autoComplete: "new-password" })}
        <InputField
          label={t("network.hostname")}
          name="hostname"
          value={draft.hostname}
          hint={t("network.hostnameHint")}
          error={text(problems.hostname)}
          onChange={(e) => change({ hostname: e.target.value })}
        />
        <CheckField
          label={t("network.dhcp")}
          name="dhcp"
          checked={draft.dhcp}
          onChange={(e) => change({ dhcp: e.target.checked })}
        />
      </Card>
      {!draft.dhcp && (
        <Card title={t("network.staticCard")}>
          {field("ipaddress", t("network.ip"))}
          {field("netmask", t("network.netmask"))}
          {field("gateway", t("network.gateway"))}
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
          name="aptimeout"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          postfix={t("network.minutes")}
          value={draft.aptimeout}
          hint={t("network.apTimeoutHint")}
          error={text(problems.aptimeout)}
          onChange={(e) => change({ aptimeout: e.target.value })}
        />
      </Card>
      <ResultAlert result={result} onClose={clear} />
      <div className="text-end mb-3">
        <SaveButton busy={busy} />
      </div>
    </form>
  );
}
