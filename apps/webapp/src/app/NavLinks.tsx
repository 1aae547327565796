import { Link, useLocation } from "../lib/router";
import { Dropdown } from "../components/ui/Dropdown";
import { useI18n, type MessageKey } from "../lib/i18n";
import { infoMenu, settingsMenu, type NavLink } from "./nav";
import { paths } from "../lib/routes";
import { gatewayScreens, topScreens, type GatewayScreen } from "./gatewayScreens";
import { useGatewayFeatures } from "../lib/gatewayFeatures";
import { inDevice } from "../lib/devices";
import { DeviceSwitcher } from "./DeviceSwitcher";

const liveLink: NavLink = { path: paths.home, label: "common.liveView" };

/**
 * The navbar's left side (SEED §2): Live View, the gateway's offered screens, the Settings and Info menus; at the
 * top level of several devices its own screens and the device switcher instead. `collapse` closes the small-screen
 * menu after a tap.
 */
export function NavLinks({ collapse }: { collapse: () => void }) {
  const { t } = useI18n();
  const location = useLocation();
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
  );
}
