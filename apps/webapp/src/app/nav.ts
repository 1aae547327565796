import type { ComponentType } from "react";
import type { MessageKey } from "../locales";
import { paths, type Path } from "../lib/routes";

export interface NavLink {
  path: Path;
  label: MessageKey;
  /** Gateway build: a small live count shown after the label (app/gatewayScreens.ts), e.g. open alerts. */
  badge?: ComponentType;
}

/** The menu groups of SEED §2: Live View (a link), Settings, Info. */
export const settingsMenu: readonly NavLink[] = [
  { path: paths.settingsNetwork, label: "common.networkSettings" },
  { path: paths.settingsNtp, label: "common.ntpSettings" },
  { path: paths.settingsMqtt, label: "common.mqttSettings" },
  { path: paths.settingsInverter, label: "common.inverterSettings" },
  { path: paths.settingsSecurity, label: "common.securitySettings" },
  { path: paths.settingsDtu, label: "common.dtuSettings" },
  { path: paths.settingsDevice, label: "common.deviceManager" },
  { path: paths.settingsConfig, label: "common.configManagement" },
  { path: paths.firmwareUpgrade, label: "common.firmwareUpgrade" },
  { path: paths.maintenanceReboot, label: "common.deviceReboot" },
];

export const infoMenu: readonly NavLink[] = [
  { path: paths.infoSystem, label: "common.systemInfo" },
  { path: paths.infoNetwork, label: "common.networkInfo" },
  { path: paths.infoNtp, label: "common.ntpInfo" },
  { path: paths.infoMqtt, label: "common.mqttInfo" },
  { path: paths.infoConsole, label: "common.console" },
  { path: paths.about, label: "common.about" },
];
