import type { ComponentType } from "react";
import { paths, type DevicePath } from "../lib/routes";
import { LiveViewScreen } from "../screens/LiveView";
import { LoginScreen } from "../screens/Login";
import { lazyScreen as load } from "./screenTexts";

/**
 * The gateway build's ./screens.ts (scripts/build-kind.mjs puts a `.gateway` sibling in place of its module; README
 * "Two builds", docs/PERFORMANCE.md): the device's screens with the live view and the login in the entry and every
 * other screen a lazy chunk (with its texts: ./screenTexts.ts), so that opening `/` loads no more script than on the device, although the gateway
 * build has no property renaming and carries the gateway's own parts.
 */
export const screens: Record<DevicePath, ComponentType> = {
  [paths.home]: LiveViewScreen,
  [paths.login]: LoginScreen,
  [paths.about]: load("About", () => import("../screens/About"), "AboutScreen"),
  [paths.infoSystem]: load("SystemInfo", () => import("../screens/SystemInfo"), "SystemInfoScreen"),
  [paths.infoNetwork]: load("NetworkInfo", () => import("../screens/NetworkInfo"), "NetworkInfoScreen"),
  [paths.infoNtp]: load("NtpInfo", () => import("../screens/NtpInfo"), "NtpInfoScreen"),
  [paths.infoMqtt]: load("MqttInfo", () => import("../screens/MqttInfo"), "MqttInfoScreen"),
  [paths.infoConsole]: load("Console", () => import("../screens/Console"), "ConsoleScreen"),
  [paths.settingsNetwork]: load(
    "NetworkSettings",
    () => import("../screens/NetworkSettings"),
    "NetworkSettingsScreen",
  ),
  [paths.settingsNtp]: load("NtpSettings", () => import("../screens/NtpSettings"), "NtpSettingsScreen"),
  [paths.settingsMqtt]: load("MqttSettings", () => import("../screens/MqttSettings"), "MqttSettingsScreen"),
  [paths.settingsInverter]: load(
    "InverterSettings",
    () => import("../screens/InverterSettings"),
    "InverterSettingsScreen",
  ),
  [paths.settingsSecurity]: load(
    "SecuritySettings",
    () => import("../screens/SecuritySettings"),
    "SecuritySettingsScreen",
  ),
  [paths.settingsDtu]: load("DtuSettings", () => import("../screens/DtuSettings"), "DtuSettingsScreen"),
  [paths.settingsDevice]: load(
    "DeviceManager",
    () => import("../screens/DeviceManager"),
    "DeviceManagerScreen",
  ),
  [paths.settingsConfig]: load(
    "ConfigManagement",
    () => import("../screens/ConfigManagement"),
    "ConfigManagementScreen",
  ),
  [paths.firmwareUpgrade]: load(
    "FirmwareUpgrade",
    () => import("../screens/FirmwareUpgrade"),
    "FirmwareUpgradeScreen",
  ),
  [paths.maintenanceReboot]: load("Reboot", () => import("../screens/Reboot"), "RebootScreen"),
};
