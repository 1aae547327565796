import { Link, navigate, useLocation } from "../lib/router";
import { Dropdown } from "../components/ui/Dropdown";
import { Icon } from "../components/ui/Icon";
import { setLocale, useI18n, type MessageKey } from "../lib/i18n";
import { useLoggedIn, logout } from "../lib/session";
import { announce } from "../lib/notify";
import { THEMES, setTheme, themeStore, type Theme } from "../lib/theme";
import { useStore } from "../lib/store";
import { LOCALES } from "../locales";
import { loginUrl, paths } from "../lib/routes";

// The navbar's right side (SEED §2): theme, language, login or logout. Each part closes the small-screen menu
// (`collapse`) after a choice.

const themeLabel: Record<Theme, MessageKey> = {
  light: "common.themeLight",
  dark: "common.themeDark",
  auto: "common.themeAuto",
};
const themeIcon = { light: "sun", dark: "moon", auto: "circleHalf" } as const;
const localeLabel = { en: "common.languageEn", de: "common.languageDe", fr: "common.languageFr" } as const;

interface Collapses {
  collapse: () => void;
}

export function ThemeMenu({ collapse }: Collapses) {
  const { t } = useI18n();
  const theme = useStore(themeStore);
  return (
    <Dropdown
      nav
      end
      ariaLabel={t("common.theme")}
      label={<Icon name={themeIcon[theme]} label={t("common.theme")} />}
    >
      {(close) =>
        THEMES.map((th) => (
          <li key={th}>
            <button
              type="button"
              className={`dropdown-item d-flex align-items-center gap-2${th === theme ? " active" : ""}`}
              aria-pressed={th === theme}
              onClick={() => {
                setTheme(th);
                close();
                collapse();
              }}
            >
              <Icon name={themeIcon[th]} />
              {t(themeLabel[th])}
            </button>
          </li>
        ))
      }
    </Dropdown>
  );
}

export function LanguageMenu({ collapse }: Collapses) {
  const { t, locale } = useI18n();
  return (
    <Dropdown
      nav
      end
      label={
        <>
          <Icon name="globe" /> <span className="visually-hidden">{t("common.language")}: </span>
          {locale.toUpperCase()}
        </>
      }
    >
      {(close) =>
        LOCALES.map((l) => (
          <li key={l}>
            <button
              type="button"
              lang={l}
              className={`dropdown-item${l === locale ? " active" : ""}`}
              aria-pressed={l === locale}
              onClick={() => {
                setLocale(l);
                close();
                collapse();
              }}
            >
              {t(localeLabel[l])}
            </button>
          </li>
        ))
      }
    </Dropdown>
  );
}

const sessionClass =
  "btn btn-outline-light btn-sm ms-lg-2 my-2 my-lg-0 d-inline-flex align-items-center gap-1";

/** Logout while logged in, else a link to the login that comes back here. */
export function SessionButton({ collapse }: Collapses) {
  const { t } = useI18n();
  const location = useLocation();
  return useLoggedIn() ? (
    <button
      type="button"
      className={sessionClass}
      onClick={() => {
        logout();
        announce("common.loggedOut", "info");
        collapse();
        navigate(paths.home);
      }}
    >
      <Icon name="logout" />
      {t("common.logout")}
    </button>
  ) : (
    <Link
      href={location === paths.login ? paths.login : loginUrl(location)}
      className={sessionClass}
      onClick={collapse}
    >
      <Icon name="login" />
      {t("common.login")}
    </Link>
  );
}
