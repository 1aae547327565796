import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadAreas, type LazyArea } from "../locales";

/**
 * The lazily loaded texts each lazy screen of the gateway build uses (locales/index.gateway.ts), by its file in
 * src/screens/: the screen's chunk and these areas load side by side, and the screen renders once both are in, so
 * it never shows a key instead of its text. screenTexts.test.ts follows each screen's imports and fails on a
 * missing or needless area here; areas the entry holds (common, live, …) are not listed.
 */
export const SCREEN_TEXTS = {
  About: ["about"],
  SystemInfo: ["info"],
  NetworkInfo: ["info"],
  NtpInfo: ["info"],
  MqttInfo: ["info"],
  Console: ["console"],
  NetworkSettings: ["check"],
  NtpSettings: ["ntp", "check"],
  MqttSettings: ["mqtt", "check"],
  InverterSettings: ["inverters"],
  SecuritySettings: ["security", "check"],
  DtuSettings: ["dtu", "check"],
  DeviceManager: ["device"],
  ConfigManagement: ["config", "inverters", "dtu", "device", "info"],
  FirmwareUpgrade: ["firmware"],
  Reboot: ["reboot"],
  History: ["history"],
  Alerts: ["alerts"],
  AlertSettings: ["alerts", "check"],
  Overview: ["overview"],
  AllHistory: ["overview", "history"],
  ZeroExport: ["zeroexport", "check"],
  MeterSettings: ["meter", "check"],
} as const satisfies Record<string, readonly LazyArea[]>;

/**
 * React.lazy of `name`, the export of src/screens/`file`.tsx (`module` imports it), that renders only when its
 * texts (SCREEN_TEXTS) are loaded too.
 */
export function lazyScreen<M>(
  file: keyof typeof SCREEN_TEXTS,
  module: () => Promise<M>,
  name: keyof M,
): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    Promise.all([module(), loadAreas(SCREEN_TEXTS[file])]).then(([m]) => ({
      default: m[name] as ComponentType,
    })),
  );
}
