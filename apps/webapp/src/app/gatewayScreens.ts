import type { ComponentType, LazyExoticComponent } from "react";
import type { GatewayFeatures } from "@dtu/api/gateway";
import { topScreenPaths, type TopScreenName, type TopScreenPath } from "@dtu/api/screens";
import type { MessageKey } from "../locales";
import { gatewayPaths, type GatewayPath, type GatewayPathName, type Path } from "../lib/routes";
import { OpenAlertsBadge } from "../features/alerts/OpenAlertsBadge";
import { lazyScreen } from "./screenTexts";

/**
 * The gateway's own screens (README "Two builds", "Add a gateway screen"): ordinary routes of the app, each a lazy
 * chunk of the gateway build, listed in the navigation while the server offers its feature
 * (`GET /api/gateway/features`). Read only under `__GATEWAY_BUILD__` (App.tsx, NavBar.tsx), so the device build has
 * none of them. Adding one: its path in `@dtu/api/screens` `gatewayScreenPaths`, its entry here (a compile error
 * until it has one), a screen file, a locale area.
 */
export interface GatewayScreen {
  path: GatewayPath;
  /** The flag of the server's offer that shows it; while false the route is "not found" and not in the menu. */
  feature: keyof GatewayFeatures;
  /** Its menu text. */
  label: MessageKey;
  /** Where its menu entry goes: a top-level link after Live View, or an entry of the Settings menu. */
  menu: "main" | "settings";
  screen: LazyExoticComponent<ComponentType>;
  /**
   * A live count after the menu text (rendered while the entry is listed, so it also keeps its data current). In
   * the entry chunk: keep it small, the screen itself stays lazy.
   */
  badge?: ComponentType;
}

/**
 * The entries, named as in the one declaration of the paths (`@dtu/api/screens`), as a list with their paths, in the
 * entries' order (the menu's). `entries` must name every declared screen and no other: a compile error otherwise.
 */
function withPaths<N extends string, P extends string, E>(
  declared: Readonly<Record<N, P>>,
  entries: Readonly<Record<N, E>>,
): (E & { path: P })[] {
  return (Object.keys(entries) as N[]).map((name) => ({ ...entries[name], path: declared[name] }));
}

// Behind the build constant itself, not only where it is read: the bundler then never sees the dynamic imports of
// the device build, which has one file and would inline their chunks.
export const gatewayScreens: readonly GatewayScreen[] = __GATEWAY_BUILD__
  ? withPaths<GatewayPathName, GatewayPath, Omit<GatewayScreen, "path">>(gatewayPaths, {
      history: {
        feature: "history",
        label: "history.title",
        menu: "main",
        screen: lazyScreen("History", () => import("../screens/History"), "HistoryScreen"),
      },
      alerts: {
        feature: "alerts",
        label: "alerts.title",
        menu: "main",
        screen: lazyScreen("Alerts", () => import("../screens/Alerts"), "AlertsScreen"),
        badge: OpenAlertsBadge,
      },
      settingsAlerts: {
        feature: "alerts",
        label: "alerts.settingsTitle",
        menu: "settings",
        screen: lazyScreen("AlertSettings", () => import("../screens/AlertSettings"), "AlertSettingsScreen"),
      },
      zeroExport: {
        feature: "zeroexport",
        label: "zeroexport.title",
        menu: "main",
        screen: lazyScreen("ZeroExport", () => import("../screens/ZeroExport"), "ZeroExportScreen"),
      },
      settingsMeter: {
        feature: "meter",
        label: "meter.settingsTitle",
        menu: "settings",
        screen: lazyScreen("MeterSettings", () => import("../screens/MeterSettings"), "MeterSettingsScreen"),
      },
    })
  : [];

/** A screen of a gateway's top level with several devices (issue 24 §4–5): its route and its menu text. */
export interface TopScreen {
  path: Path;
  label: MessageKey;
  screen: LazyExoticComponent<ComponentType>;
}

/**
 * The top level of several devices, while the server's features say `devices` (App.tsx, NavBar.tsx): the overview at
 * `/` instead of the live view, and the energy of all devices at `/history`, both in the menu in this order. Their
 * paths are `@dtu/api/screens` `topScreenPaths` (which the gateway's top level serves); one entry each, a compile
 * error while one is missing. Defined under the build constant like the list above.
 */
export const topScreens: readonly TopScreen[] = __GATEWAY_BUILD__
  ? withPaths<TopScreenName, TopScreenPath, Omit<TopScreen, "path">>(topScreenPaths, {
      overview: {
        label: "overview.title",
        screen: lazyScreen("Overview", () => import("../screens/Overview"), "OverviewScreen"),
      },
      allHistory: {
        label: "history.title",
        screen: lazyScreen("AllHistory", () => import("../screens/AllHistory"), "AllHistoryScreen"),
      },
    })
  : [];
