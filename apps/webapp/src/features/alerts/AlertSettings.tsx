import { useState } from "react";
import type { AlertConfigView, AlertTestResult } from "@dtu/api/alerts";
import { BusyButton } from "../../components/ui/Buttons";
import { Card } from "../../components/ui/Card";
import { CheckField, InputField, SelectField } from "../../components/ui/FormRow";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { getJson, toHttpError } from "../../lib/http";
import { useI18n, useT } from "../../lib/i18n";
import { channelText, configUrl, ruleText, saveConfigPath, sendTest } from "./api";
import { codedText, shownResult } from "./codes";
import {
  MINUTE_RULES,
  RULES,
  alertBody,
  alertDraft,
  refusedField,
  secretsCleared,
  validateAlerts,
  type AlertFlag,
  type AlertTextField,
  type Secret,
} from "./settings";

/** Settings > Alerts (issue 23 §4): rules, channels with write-only secrets, the alert language, a test send. */
export function AlertSettings({ initial: loaded }: { initial: AlertConfigView }) {
  const { t, locale } = useI18n();
  // After a save the stored config is read again in place (not a page reload, which would drop the result shown).
  const [initial, setInitial] = useState(loaded);
  const state = useSettingsForm(() => alertDraft(loaded, locale), validateAlerts, {}, refusedField);
  const { draft, change, bind } = state;
  const saved = () =>
    void getJson(configUrl()).then(
      (view) => {
        setInitial(view);
        // Secrets start empty again: what was typed is stored now, shown only as "set".
        state.setDraft((d) => ({ ...d, ...secretsCleared() }));
      },
      () => undefined,
    );

  const flag = (k: AlertFlag, label: string, hint?: string) => (
    <CheckField
      label={label}
      name={k}
      checked={draft[k]}
      onChange={(e) => change({ [k]: e.target.checked })}
      {...(hint ? { hint } : {})}
    />
  );
  const input = (
    k: AlertTextField,
    label: string,
    extra: { type?: string; hint?: string; postfix?: string } = {},
  ) => <InputField label={label} {...bind(k)} {...extra} />;
  /** A write-only secret: says whether one is stored; empty keeps it, the remove flag clears it. */
  const secret = (k: Secret, label: string, isSet: boolean) => (
    <>
      <InputField
        label={label}
        type="password"
        autoComplete="new-password"
        {...bind(k)}
        disabled={draft[`${k}.clear`]}
        hint={isSet ? t("alerts.secretSet") : t("alerts.secretNotSet")}
      />
      {isSet && flag(`${k}.clear`, t("alerts.secretClear"))}
    </>
  );

  return (
    <>
      <SettingsForm
        state={state}
        onValid={(d) =>
          void state.save(saveConfigPath(), alertBody(initial, d)).then((r) => {
            // A refusal shown at its field has cleared the result alert (refusedField words it); any other answer
            // shows there, in the owner's language.
            const at = refusedField(r);
            if (!at || !state.form.current?.elements.namedItem(at.field)) state.setResult(shownResult(t, r));
            if (r.type === "success") saved();
          })
        }
      >
        <Card title={t("alerts.general")}>
          <SelectField
            label={t("alerts.language")}
            {...bind("language")}
            {...(initial.language_set ? {} : { hint: t("alerts.languageProposed") })}
            options={[
              ["en", "English"],
              ["de", "Deutsch"],
              ["fr", "Français"],
            ]}
          />
        </Card>
        <Card title={t("alerts.rules")}>
          {RULES.map((rule) => (
            <fieldset key={rule} className="border-bottom mb-3">
              <legend className="h6">{t(ruleText[rule])}</legend>
              {flag(`rules.${rule}.enabled`, t("alerts.enabled"))}
              {draft[`rules.${rule}.enabled`] && (
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
        <Card title={t(channelText.mqtt)}>
          {flag("channels.mqtt.enabled", t("alerts.enabled"))}
          {draft["channels.mqtt.enabled"] && (
            <>
              {input("channels.mqtt.url", t("alerts.url"), { hint: "mqtt://host:1883" })}
              {input("channels.mqtt.username", t("alerts.username"))}
              {secret("channels.mqtt.password", t("alerts.password"), initial.channels.mqtt.password_set)}
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
              {secret("channels.ntfy.token", t("alerts.token"), initial.channels.ntfy.token_set)}
            </>
          )}
        </Card>
        <Card title={t(channelText.webhook)}>
          {flag("channels.webhook.enabled", t("alerts.enabled"))}
          {draft["channels.webhook.enabled"] && (
            <>
              {input("channels.webhook.url", t("alerts.url"))}
              {secret("channels.webhook.secret", t("alerts.secret"), initial.channels.webhook.secret_set)}
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
              {secret("channels.email.password", t("alerts.password"), initial.channels.email.password_set)}
              {input("channels.email.from", t("alerts.mailFrom"))}
              {input("channels.email.to", t("alerts.mailTo"), { hint: t("alerts.mailToHint") })}
            </>
          )}
        </Card>
        <Card title={t(channelText.browser)}>
          {flag("channels.browser.enabled", t("alerts.enabled"), t("alerts.browserHint"))}
        </Card>
      </SettingsForm>
      <TestSend />
    </>
  );
}

/** "Send a test": every enabled channel as saved, each one's result. */
export function TestSend() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<AlertTestResult | { error: string } | null>(null);
  const run = () => {
    setBusy(true);
    setAnswer(null);
    sendTest().then(
      (a) => {
        setAnswer(a);
        setBusy(false);
      },
      (e: unknown) => {
        setAnswer({ error: toHttpError(e).message });
        setBusy(false);
      },
    );
  };
  return (
    <Card title={t("alerts.test")}>
      <p className="small text-body-secondary">{t("alerts.testHint")}</p>
      <BusyButton busy={busy} className="btn-primary" onClick={run}>
        {t("alerts.test")}
      </BusyButton>
      <div aria-live="polite" className="mt-3">
        {answer && "error" in answer && (
          <div className="alert alert-danger" role="alert">
            {t("alerts.testError", { message: answer.error })}
          </div>
        )}
        {answer && "results" in answer && answer.results.length === 0 && (
          <div className="alert alert-warning mb-0">{t("alerts.testNone")}</div>
        )}
        {answer && "results" in answer && answer.results.length > 0 && (
          <ul className="list-group" data-testid="test-results">
            {answer.results.map((r) => (
              <li
                key={r.channel}
                className={`list-group-item ${r.ok ? "list-group-item-success" : "list-group-item-danger"}`}
              >
                {r.ok
                  ? t("alerts.testOk", { channel: t(channelText[r.channel]) })
                  : t("alerts.testFailed", {
                      channel: t(channelText[r.channel]),
                      error: codedText(t, r, r.error ?? ""),
                    })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
