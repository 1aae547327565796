import { Suspense, useEffect, type ComponentType } from "react";
import { Page } from "../components/ui/Page";
import { useGatewayOffer } from "../lib/gatewayFeatures";
import { useT } from "../lib/i18n";
import { useLoggedIn } from "../lib/session";
import { startTheme } from "../lib/theme";
import { AboutScreen } from "../screens/About";
import { ConfigManagementScreen } from "../screens/ConfigManagement";
import { ConsoleScreen } from "../screens/Console";
import { DeviceManagerScreen } from "../screens/DeviceManager";
import { DtuSettingsScreen } from "../screens/DtuSettings";
import { FirmwareUpgradeScreen } from "../screens/FirmwareUpgrade";
import { InverterSettingsScreen } from "../screens/InverterSettings";
import { LiveViewScreen } from "../screens/LiveView";
import { LoginScreen } from "../screens/Login";
import { MqttInfoScreen } from "../screens/MqttInfo";
import { MqttSettingsScreen } from "../screens/MqttSettings";
import { NetworkInfoScreen } from "../screens/NetworkInfo";
import { NetworkSettingsScreen } from "../screens/NetworkSettings";
import { NotFoundScreen } from "../screens/NotFound";
import { NtpInfoScreen } from "../screens/NtpInfo";
import { NtpSettingsScreen } from "../screens/NtpSettings";
import { RebootScreen } from "../screens/Reboot";
import { SecuritySettingsScreen } from "../screens/SecuritySettings";
import { SystemInfoScreen } from "../screens/SystemInfo";
import { NavBar } from "./NavBar";
import { guardedPaths, loginUrl, paths, type DevicePath, type Path } from "../lib/routes";
import { gatewayScreens, type GatewayScreen } from "./gatewayScreens";
import { Toasts } from "./Toasts";
import { Redirect, routeOf, useLocation } from "../lib/router";

/**
 * Route table: every device path of lib/routes.ts once. No lazy loading: the device serves one JS file anyway. The
 * gateway's own screens are in ./gatewayScreens.ts (lazy chunks, gateway build only).
 */
const screens: Record<DevicePath, ComponentType> = {
  [paths.home]: LiveViewScreen,
  [paths.login]: LoginScreen,
  [paths.about]: AboutScreen,
  [paths.infoSystem]: SystemInfoScreen,
  [paths.infoNetwork]: NetworkInfoScreen,
  [paths.infoNtp]: NtpInfoScreen,
  [paths.infoMqtt]: MqttInfoScreen,
  [paths.infoConsole]: ConsoleScreen,
  [paths.settingsNetwork]: NetworkSettingsScreen,
  [paths.settingsNtp]: NtpSettingsScreen,
  [paths.settingsMqtt]: MqttSettingsScreen,
  [paths.settingsInverter]: InverterSettingsScreen,
  [paths.settingsSecurity]: SecuritySettingsScreen,
  [paths.settingsDtu]: DtuSettingsScreen,
  [paths.settingsDevice]: DeviceManagerScreen,
  [paths.settingsConfig]: ConfigManagementScreen,
  [paths.firmwareUpgrade]: FirmwareUpgradeScreen,
  [paths.maintenanceReboot]: RebootScreen,
};

/** SEED §2: firmware upgrade and reboot need a login first. */
function Guarded({ path, screen: Screen }: { path: Path; screen: ComponentType }) {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <Redirect to={loginUrl(location || path)} />;
  return <Screen />;
}

/**
 * A gateway screen's route: its chunk once the server offers its feature, "not found" when it does not (e.g. proxy
 * mode without history), the page's spinner while either is on its way.
 */
function GatewayRoute({ entry }: { entry: GatewayScreen }) {
  const t = useT();
  const offer = useGatewayOffer();
  const waiting = <Page title={t(entry.label)} loading />;
  if (offer === null) return waiting;
  if (!offer[entry.feature]) return <NotFoundScreen />;
  return (
    <Suspense fallback={waiting}>
      <entry.screen />
    </Suspense>
  );
}

export function App() {
  useEffect(() => startTheme(), []);
  const path = routeOf(useLocation()) as Path;
  const device = Object.hasOwn(screens, path);
  const Screen = device ? screens[path as DevicePath] : NotFoundScreen;
  const gateway = __GATEWAY_BUILD__ && !device ? gatewayScreens.find((s) => s.path === path) : undefined;
  return (
    <>
      <NavBar />
      {/* Keyed by the route: another screen starts with fresh state, as each route is its own page. */}
      {gateway ? (
        <GatewayRoute key={path} entry={gateway} />
      ) : guardedPaths.includes(path) ? (
        <Guarded key={path} path={path} screen={Screen} />
      ) : (
        <Screen key={path} />
      )}
      <Toasts />
    </>
  );
}
