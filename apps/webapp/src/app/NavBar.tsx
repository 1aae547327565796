import { useState } from "react";
import { Link, navigate, useLocation } from "../lib/router";
import { Dropdown } from "../components/ui/Dropdown";
import { Icon } from "../components/ui/Icon";
import { setLocale, useI18n, type MessageKey } from "../lib/i18n";
import { useLoggedIn, logout } from "../lib/session";
import { announce } from "../lib/notify";
import { THEMES, setTheme, themeStore, type Theme } from "../lib/theme";
import { useStore } from "../lib/store";
import { LOCALES } from "../locales";
import { infoMenu, settingsMenu, type NavLink } from "./nav";
import { loginUrl, paths } from "../lib/routes";
import { useBrandIcon } from "./useBrandIcon";
import { gatewayScreens, topScreens, type GatewayScreen } from "./gatewayScreens";
import { useGatewayFeatures } from "../lib/gatewayFeatures";
import { inDevice } from "../lib/devices";
import { DeviceSwitcher } from "./DeviceSwitcher";

const themeLabel: Record<Theme, MessageKey> = {
  light: "common.themeLight",
  dark: "common.themeDark",
  auto: "common.themeAuto",
};
const themeIcon = { light: "sun", dark: "moon", auto: "circleHalf" } as const;
const localeLabel = { en: "common.languageEn", de: "common.languageDe", fr: "common.languageFr" } as const;

const liveLink: NavLink = { path: paths.home, label: "common.liveView" };

/** The navigation bar of SEED §2. Collapses below lg; any link tap closes the menu. */
export function NavBar() {
  const { t } = useI18n();
  const location = useLocation();
  const brand = useBrandIcon();
  const [open, setOpen] = useState(false);
  const collapse = () => setOpen(false);
  // The build constant never changes between renders, so the hook is called on every render or on none.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const offer = __GATEWAY_BUILD__ ? useGatewayFeatures() : null;
  /** Gateway build: the gateway's screens of one menu that the server offers now (./gatewayScreens.ts). */
  const offered = (where: GatewayScreen["menu"]): NavLink[] =>
    offer ? gatewayScreens.filter((s) => s.menu === where && offer[s.feature]) : [];
  /** Gateway build, the top level of several devices: its own screens and the switcher, no device's menus. */
  const top = __GATEWAY_BUILD__ && offer?.devices;

  const menu = (label: MessageKey, links: readonly NavLink[]) => (
    <Dropdown nav label={t(label)}>
      {(close) =>
        links.map((l) => (
          <li key={l.path}>
            <Link
              href={l.path}
              className={`dropdown-item${location === l.path ? " active" : ""}`}
              aria-current={location === l.path ? "page" : undefined}
              onClick={() => {
                close();
                collapse();
              }}
            >
              {t(l.label)}
            </Link>
          </li>
        ))
      }
    </Dropdown>
  );

  return (
    <nav className="navbar navbar-expand-lg bg-dark sticky-top" data-bs-theme="dark">
      <div className="container-fluid">
        <Link href={paths.home} className="navbar-brand d-flex align-items-center gap-2" onClick={collapse}>
          <Icon name={brand} size={24} className="text-warning" data-brand={brand} />
          {t("common.appName")}
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-nav"
          aria-expanded={open}
          aria-label={t("common.toggleNavigation")}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="menu" size={24} />
        </button>
        <div className={`collapse navbar-collapse${open ? " show" : ""}`} id="main-nav">
          <ul className="navbar-nav me-auto">
            {__GATEWAY_BUILD__ && (top || inDevice()) && <DeviceSwitcher />}
            {/* The top level of several devices: its own screens (overview, energy of all devices). */}
            {(top
              ? (topScreens as readonly NavLink[])
              : [liveLink, ...(__GATEWAY_BUILD__ ? offered("main") : [])]
            ).map((l) => (
              <li key={l.path} className="nav-item">
                <Link
                  href={l.path}
                  className={`nav-link${location === l.path ? " active" : ""}`}
                  aria-current={location === l.path ? "page" : undefined}
                  onClick={collapse}
                >
                  {t(l.label)}
                  {__GATEWAY_BUILD__ && l.badge ? <l.badge /> : null}
                </Link>
              </li>
            ))}
            {!top &&
              menu(
                "common.menuSettings",
                __GATEWAY_BUILD__ ? [...settingsMenu, ...offered("settings")] : settingsMenu,
              )}
            {!top && menu("common.menuInfo", infoMenu)}
          </ul>
          <NavEnd collapse={collapse} />
        </div>
      </div>
    </nav>
  );
}

/** The bar's right end: theme, language, and the login or logout button. */
function NavEnd({ collapse }: { collapse: () => void }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const theme = useStore(themeStore);
  return (
    <ul className="navbar-nav align-items-lg-center">
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
      <li className="nav-item">
        {loggedIn ? (
          <button
            type="button"
            className="btn btn-outline-light btn-sm ms-lg-2 my-2 my-lg-0 d-inline-flex align-items-center gap-1"
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
            className="btn btn-outline-light btn-sm ms-lg-2 my-2 my-lg-0 d-inline-flex align-items-center gap-1"
            onClick={collapse}
          >
            <Icon name="login" />
            {t("common.login")}
          </Link>
        )}
      </li>
    </ul>
  );
}
