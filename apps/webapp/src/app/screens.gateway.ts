import { lazy, type ComponentType } from "react";
import { paths, type DevicePath } from "../lib/routes";
import { LiveViewScreen } from "../screens/LiveView";
import { LoginScreen } from "../screens/Login";

/** React.lazy of a screen module's named export. */
const load = <M>(module: () => Promise<M>, name: keyof M): ComponentType =>
  lazy(() => module().then((m) => ({ default: m[name] as ComponentType })));

/**
 * The gateway build's ./screens.ts (scripts/build-kind.mjs puts a `.gateway` sibling in place of its module; README
 * "Two builds", docs/PERFORMANCE.md): the device's screens with the live view and the login in the entry and every
 * other screen a lazy chunk, so that opening `/` loads no more script than on the device, although the gateway
 * build has no property renaming and carries the gateway's own parts.
 */
export const screens: Record<DevicePath, ComponentType> = {
  [paths.home]: LiveViewScreen,
  [paths.login]: LoginScreen,
  [paths.about]: load(() => import("../screens/About"), "AboutScreen"),
  [paths.infoSystem]: load(() => import("../screens/SystemInfo"), "SystemInfoScreen"),
  [paths.infoNetwork]: load(() => import("../screens/NetworkInfo"), "NetworkInfoScreen"),
  [paths.infoNtp]: load(() => import("../screens/NtpInfo"), "NtpInfoScreen"),
  [paths.infoMqtt]: load(() => import("../screens/MqttInfo"), "MqttInfoScreen"),
  [paths.infoConsole]: load(() => import("../screens/Console"), "ConsoleScreen"),
  [paths.settingsNetwork]: load(() => import("../screens/NetworkSettings"), "NetworkSettingsScreen"),
  [paths.settingsNtp]: load(() => import("../screens/NtpSettings"), "NtpSettingsScreen"),
  [paths.settingsMqtt]: load(() => import("../screens/MqttSettings"), "MqttSettingsScreen"),
  [paths.settingsInverter]: load(() => import("../screens/InverterSettings"), "InverterSettingsScreen"),
  [paths.settingsSecurity]: load(() => import("../screens/SecuritySettings"), "SecuritySettingsScreen"),
  [paths.settingsDtu]: load(() => import("../screens/DtuSettings"), "DtuSettingsScreen"),
  [paths.settingsDevice]: load(() => import("../screens/DeviceManager"), "DeviceManagerScreen"),
  [paths.settingsConfig]: load(() => import("../screens/ConfigManagement"), "ConfigManagementScreen"),
  [paths.firmwareUpgrade]: load(() => import("../screens/FirmwareUpgrade"), "FirmwareUpgradeScreen"),
  [paths.maintenanceReboot]: load(() => import("../screens/Reboot"), "RebootScreen"),
};
