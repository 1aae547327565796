import type { AlertConfigView } from "@dtu/api/alerts";
import { Card } from "../../components/ui/Card";
import { SelectField } from "../../components/ui/FormRow";
import { useT } from "../../lib/i18n";
import { channelText, ruleText } from "./api";
import { useAlertFields, type AlertForm } from "./AlertFields";
import { MINUTE_RULES, RULES } from "./settings";

// The sections of Settings > Alerts (issue 23 §4; ./AlertSettings.tsx): the alert language, the rules, the channels.

/** The language alerts are worded in where they are sent out. */
export function LanguageCard({ form, initial }: { form: AlertForm; initial: AlertConfigView }) {
  const t = useT();
  return (
    <Card title={t("alerts.general")}>
      <SelectField
        label={t("alerts.language")}
        {...form.bind("language")}
        {...(initial.language_set ? {} : { hint: t("alerts.languageProposed") })}
        options={[
          ["en", "English"],
          ["de", "Deutsch"],
          ["fr", "Français"],
        ]}
      />
    </Card>
  );
}

/** Each rule on or off, with its thresholds while on. */
export function RulesCard({ form }: { form: AlertForm }) {
  const t = useT();
  const { flag, input } = useAlertFields(form);
  return (
    <Card title={t("alerts.rules")}>
      {RULES.map((rule) => (
        <fieldset key={rule} className="border-bottom mb-3">
          <legend className="h6">{t(ruleText[rule])}</legend>
          {flag(`rules.${rule}.enabled`, t("alerts.enabled"))}
          {form.draft[`rules.${rule}.enabled`] && (
            <>
              {(MINUTE_RULES as readonly string[]).includes(rule) &&
                input(`rules.${rule as (typeof MINUTE_RULES)[number]}.minutes`, t("alerts.minutes"), {
                  postfix: t("alerts.minutesUnit"),
                })}
              {rule === "weak_string" &&
                input("rules.weak_string.percent", t("alerts.percent"), { postfix: "%" })}
              {rule === "event_log" &&
                input("rules.event_log.ignore_ids", t("alerts.ignoreIds"), {
                  hint: t("alerts.ignoreIdsHint"),
                })}
            </>
          )}
        </fieldset>
      ))}
    </Card>
  );
}

/** Each channel on or off, with its address and write-only secrets while on. */
export function ChannelCards({ form, initial }: { form: AlertForm; initial: AlertConfigView }) {
  const t = useT();
  const { flag, input, secret } = useAlertFields(form);
  const { draft, bind } = form;
  const { mqtt, ntfy, webhook, email } = initial.channels;
  return (
    <>
      <Card title={t(channelText.mqtt)}>
        {flag("channels.mqtt.enabled", t("alerts.enabled"))}
        {draft["channels.mqtt.enabled"] && (
          <>
            {input("channels.mqtt.url", t("alerts.url"), { hint: "mqtt://host:1883" })}
            {input("channels.mqtt.username", t("alerts.username"))}
            {secret("channels.mqtt.password", t("alerts.password"), mqtt.password_set)}
            {input("channels.mqtt.topic", t("alerts.baseTopic"))}
            {flag("channels.mqtt.hass", t("alerts.hass"))}
            {draft["channels.mqtt.hass"] && input("channels.mqtt.hass_prefix", t("alerts.hassPrefix"))}
          </>
        )}
      </Card>
      <Card title={t(channelText.ntfy)}>
        {flag("channels.ntfy.enabled", t("alerts.enabled"))}
        {draft["channels.ntfy.enabled"] && (
          <>
            {input("channels.ntfy.url", t("alerts.url"), { hint: "https://ntfy.sh" })}
            {input("channels.ntfy.topic", t("alerts.topic"))}
            {secret("channels.ntfy.token", t("alerts.token"), ntfy.token_set)}
          </>
        )}
      </Card>
      <Card title={t(channelText.webhook)}>
        {flag("channels.webhook.enabled", t("alerts.enabled"))}
        {draft["channels.webhook.enabled"] && (
          <>
            {input("channels.webhook.url", t("alerts.url"))}
            {secret("channels.webhook.secret", t("alerts.secret"), webhook.secret_set)}
          </>
        )}
      </Card>
      <Card title={t(channelText.email)}>
        {flag("channels.email.enabled", t("alerts.enabled"))}
        {draft["channels.email.enabled"] && (
          <>
            {input("channels.email.host", t("alerts.host"))}
            {input("channels.email.port", t("alerts.port"), { type: "number" })}
            <SelectField
              label={t("alerts.security")}
              {...bind("channels.email.security")}
              options={[
                ["tls", t("alerts.sec_tls")],
                ["starttls", t("alerts.sec_starttls")],
                ["none", t("alerts.sec_none")],
              ]}
            />
            {input("channels.email.username", t("alerts.username"))}
            {secret("channels.email.password", t("alerts.password"), email.password_set)}
            {input("channels.email.from", t("alerts.mailFrom"))}
            {input("channels.email.to", t("alerts.mailTo"), { hint: t("alerts.mailToHint") })}
          </>
        )}
      </Card>
      <Card title={t(channelText.browser)}>
        {flag("channels.browser.enabled", t("alerts.enabled"), t("alerts.browserHint"))}
      </Card>
    </>
  );
}
