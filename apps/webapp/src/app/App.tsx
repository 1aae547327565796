import { useEffect, type ComponentType } from "react";
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
import { guardedPaths, loginUrl, paths, type Path } from "../lib/routes";
import { Toasts } from "./Toasts";
import { Redirect, routeOf, useLocation } from "../lib/router";

/** Route table: every path of lib/routes.ts once. No lazy loading: the device serves one JS file anyway. */
const screens: Record<Path, ComponentType> = {
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

export function App() {
  useEffect(() => startTheme(), []);
  const path = routeOf(useLocation()) as Path;
  const Screen = Object.hasOwn(screens, path) ? screens[path] : NotFoundScreen;
  return (
    <>
      <NavBar />
      {/* Keyed by the route: another screen starts with fresh state, as each route is its own page. */}
      {guardedPaths.includes(path) ? (
        <Guarded key={path} path={path} screen={Screen} />
      ) : (
        <Screen key={path} />
      )}
      <Toasts />
    </>
  );
}
