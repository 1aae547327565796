import { useState } from "react";
import type { AlertConfigView } from "@dtu/api/alerts";
import { SettingsForm } from "../../components/ui/SettingsForm";
import { useSettingsForm } from "../../components/ui/useSettingsForm";
import { getJson } from "../../lib/http";
import { useI18n } from "../../lib/i18n";
import { configUrl, saveConfigPath } from "./api";
import { ChannelCards, LanguageCard, RulesCard } from "./AlertCards";
import { shownResult } from "./codes";
import { alertBody, alertDraft, refusedField, secretsCleared, validateAlerts } from "./settings";
import { TestSend } from "./TestSend";

/**
 * Settings > Alerts (issue 23 §4): rules, channels with write-only secrets, the alert language (./AlertCards.tsx), a
 * test send (./TestSend.tsx).
 */
export function AlertSettings({ initial: loaded }: { initial: AlertConfigView }) {
  const { t, locale } = useI18n();
  // After a save the stored config is read again in place (not a page reload, which would drop the result shown).
  const [initial, setInitial] = useState(loaded);
  const state = useSettingsForm(() => alertDraft(loaded, locale), validateAlerts, {}, refusedField);
  const saved = () =>
    void getJson(configUrl()).then(
      (view) => {
        setInitial(view);
        // Secrets start empty again: what was typed is stored now, shown only as "set".
        state.setDraft((d) => ({ ...d, ...secretsCleared() }));
      },
      () => undefined,
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
        <LanguageCard form={state} initial={initial} />
        <RulesCard form={state} />
        <ChannelCards form={state} initial={initial} />
      </SettingsForm>
      <TestSend />
    </>
  );
}
