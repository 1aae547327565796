import { useEffect } from "react";
import { Alert } from "../../components/ui/ResultAlert";
import { endpoints, laterEndpoints } from "@dtu/api/endpoints";
import type { NtpConfig, Zones } from "@dtu/api/settings";
import { Card } from "../../components/ui/Card";
import { InputField, SelectField } from "../../components/ui/FormRow";
import { useApi } from "../../components/ui/useApi";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { useT } from "../../lib/i18n";
import {
  ntpBody,
  ntpDraft,
  postsRule,
  splitZone,
  validateNtp,
  zoneOptions,
  zoneValue,
  type NtpDraft,
  type NtpField,
} from "./validate";

/** Time server, time zone (+ resulting rule), location and sunset type (SEED §2 NTP settings). */
export function NtpForm({ initial, onSaved }: { initial: NtpConfig; onSaved?: (zone: string) => void }) {
  const t = useT();
  const withRule = postsRule(initial);
  const zones = useApi<Zones>(withRule ? endpoints.zones.path : laterEndpoints.ntpZones);
  const state = useSettingsForm<NtpDraft, NtpField>(
    () => ntpDraft(initial),
    (d: NtpDraft) => validateNtp(d, withRule),
    // API.md §3.18; 9003 (the zone's name, from the list) is left to the alert.
    { 9001: "ntp_server", 9002: "ntp_timezone" },
  );
  const { draft, setDraft, change, bind } = state;

  // Later firmware sends no rule (API.md §9.15): show the one the zone list gives for the stored name.
  const zoneData = zones.data;
  useEffect(() => {
    if (withRule || !zoneData) return;
    setDraft((d) => (d.ntp_timezone ? d : { ...d, ntp_timezone: zoneData[d.ntp_timezone_descr] ?? "" }));
  }, [withRule, zoneData, setDraft]);

  const send = (d: NtpDraft) =>
    void state.save(endpoints.ntpConfigPost.path, ntpBody(initial, d)).then((r) => {
      if (r.type === "success") onSaved?.(d.ntp_timezone_descr);
    });

  const sunsetTypes = [
    ["0", t("ntp.sunset0")],
    ["1", t("ntp.sunset1")],
    ["2", t("ntp.sunset2")],
    ["3", t("ntp.sunset3")],
  ] as const;

  return (
    <SettingsForm state={state} onValid={send}>
      <Card title={t("ntp.serverCard")}>
        <InputField label={t("ntp.server")} {...bind("ntp_server")} />
        {zones.error && (
          <Alert type="warning">{t("ntp.zonesFailed", { message: zones.error.message })}</Alert>
        )}
        <SelectField
          label={t("common.timezone")}
          name="timezone"
          options={zoneOptions(zones.data, draft.ntp_timezone_descr, draft.ntp_timezone)}
          value={zoneValue(draft.ntp_timezone_descr, draft.ntp_timezone)}
          onChange={(e) => {
            const z = splitZone(e.target.value);
            change({ ntp_timezone_descr: z.name, ntp_timezone: z.rule });
          }}
        />
        <InputField label={t("ntp.timezoneRule")} {...bind("ntp_timezone")} readOnly />
        <InputField
          label={t("ntp.latitude")}
          {...bind("latitude")}
          type="number"
          step="any"
          min={-90}
          max={90}
          postfix={t("ntp.degrees")}
        />
        <InputField
          label={t("ntp.longitude")}
          {...bind("longitude")}
          type="number"
          step="any"
          min={-180}
          max={180}
          postfix={t("ntp.degrees")}
        />
        <SelectField
          label={t("ntp.sunsetType")}
          {...bind("sunsettype")}
          hint={t("ntp.sunsetHint")}
          options={sunsetTypes}
        />
      </Card>
    </SettingsForm>
  );
}
