import type { ComponentType } from "react";
import { paths, type DevicePath } from "../lib/routes";
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
import { NtpInfoScreen } from "../screens/NtpInfo";
import { NtpSettingsScreen } from "../screens/NtpSettings";
import { RebootScreen } from "../screens/Reboot";
import { SecuritySettingsScreen } from "../screens/SecuritySettings";
import { SystemInfoScreen } from "../screens/SystemInfo";

/**
 * Route table: every device path of lib/routes.ts once. No lazy loading: the device serves one JS file anyway. The
 * gateway build uses ./screens.gateway.ts instead (the same table, most screens lazy chunks; README "Two builds"),
 * and adds its own screens (./gatewayScreens.ts).
 */
export const screens: Record<DevicePath, ComponentType> = {
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
