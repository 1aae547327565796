import { useState, type FormEvent } from "react";
import { Alert } from "../components/ui/ResultAlert";
import { navigate, useSearch } from "../lib/router";
import { InputField } from "../components/ui/FormRow";
import { Page } from "../components/ui/Page";
import { BusyButton } from "../components/ui/Buttons";
import { safeReturnUrl } from "../lib/routes";
import { useT } from "../lib/i18n";
import { gatewayFeaturesStore } from "../lib/gatewayFeatures";
import { thisDevice } from "../lib/devices";
import { errorText, toHttpError } from "../lib/http";
import { announce } from "../lib/notify";
import { login } from "../lib/session";

/**
 * Login (SEED §2, §4): both fields required, no space in the username, error in a danger alert. It says why the owner
 * is here (the page that sent them, issue 34 §13) and, with several devices, which device it is for.
 */
export function LoginScreen() {
  const t = useT();
  const search = useSearch();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Sent here by a page that needs the admin (lib/routes.ts `safeReturnUrl`): which one.
  const back = new URLSearchParams(search).get("returnUrl") && safeReturnUrl(search);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!username || !password) return;
    setBusy(true);
    setError(undefined);
    login(username, password).then(
      () => {
        announce("common.loggedIn", "success");
        navigate(safeReturnUrl(search), true);
      },
      (err: unknown) => {
        setBusy(false);
        const e = toHttpError(err);
        // SEED §8 names the English text; a 401 here is always a wrong password, so say it in the UI language.
        if (e.status === 401) setError(t("login.invalid"));
        // The overview of several devices (gateway build) logs in to all of them: one of them did not answer.
        else if (__GATEWAY_BUILD__ && e.unanswered && gatewayFeaturesStore.get()?.devices)
          setError(t("gateway.oneUnanswered"));
        else setError(errorText(e, t));
      },
    );
  };

  return (
    <Page title={t("common.login")}>
      <form noValidate onSubmit={submit} className="card card-body">
        {__GATEWAY_BUILD__ && <LoginFor />}
        {back && <p>{t("login.why", { page: back })}</p>}
        {error && <Alert type="danger">{error}</Alert>}
        <InputField
          label={t("login.username")}
          name="username"
          autoComplete="username"
          required
          value={username}
          error={submitted && !username ? t("login.usernameRequired") : undefined}
          onChange={(e) => setUsername(e.target.value.replace(/\s/g, ""))}
          // SEED §2: the space key is blocked in the username.
          onKeyDown={(e) => {
            if (e.key === " ") e.preventDefault();
          }}
        />
        <InputField
          label={t("common.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={submitted && !password ? t("login.passwordRequired") : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="text-end">
          <BusyButton type="submit" busy={busy}>
            {t("login.submit")}
          </BusyButton>
        </div>
      </form>
    </Page>
  );
}

/** Gateway build, several devices: which device this login is for, or the overview (which logs in to all). */
function LoginFor() {
  const t = useT();
  const here = thisDevice();
  if (here === null && !gatewayFeaturesStore.get()?.devices) return null;
  return (
    <p className="fw-semibold">{here ? t("gateway.loginDevice", { name: here }) : t("gateway.loginAll")}</p>
  );
}
