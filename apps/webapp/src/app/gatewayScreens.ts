import type { ComponentType, LazyExoticComponent } from "react";
import type { GatewayFeatures } from "@dtu/api/gateway";
import type { MessageKey } from "../locales";
import { gatewayPaths, paths, type GatewayPath, type Path } from "../lib/routes";
import { OpenAlertsBadge } from "../features/alerts/OpenAlertsBadge";
import { lazyScreen } from "./screenTexts";

/**
 * The gateway's own screens (README "Two builds", "Add a gateway screen"): ordinary routes of the app, each a lazy
 * chunk of the gateway build, listed in the navigation while the server offers its feature
 * (`GET /api/gateway/features`). Read only under `__GATEWAY_BUILD__` (App.tsx, NavBar.tsx), so the device build has
 * none of them. Adding one: its path in lib/routes.ts `gatewayPaths`, a line here, a screen file, a locale area.
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

// Behind the build constant itself, not only where it is read: the bundler then never sees the dynamic imports of
// the device build, which has one file and would inline their chunks.
export const gatewayScreens: readonly GatewayScreen[] = __GATEWAY_BUILD__
  ? [
      {
        path: gatewayPaths.history,
        feature: "history",
        label: "history.title",
        menu: "main",
        screen: lazyScreen("History", () => import("../screens/History"), "HistoryScreen"),
      },
      {
        path: gatewayPaths.alerts,
        feature: "alerts",
        label: "alerts.title",
        menu: "main",
        screen: lazyScreen("Alerts", () => import("../screens/Alerts"), "AlertsScreen"),
        badge: OpenAlertsBadge,
      },
      {
        path: gatewayPaths.settingsAlerts,
        feature: "alerts",
        label: "alerts.settingsTitle",
        menu: "settings",
        screen: lazyScreen("AlertSettings", () => import("../screens/AlertSettings"), "AlertSettingsScreen"),
      },
    ]
  : [];

/** A screen of a gateway's top level with several devices (issue 24 §4–5): its route and its menu text. */
export interface TopScreen {
  path: Path;
  label: MessageKey;
  screen: LazyExoticComponent<ComponentType>;
}

/**
 * The top level of several devices, while the server's features say `devices` (App.tsx, NavBar.tsx): the overview at
 * `/` instead of the live view, and the energy of all devices at `/history`, both in the menu in this order. Defined
 * under the build constant like the list above.
 */
export const topScreens: readonly TopScreen[] = __GATEWAY_BUILD__
  ? [
      {
        path: paths.home,
        label: "overview.title",
        screen: lazyScreen("Overview", () => import("../screens/Overview"), "OverviewScreen"),
      },
      {
        path: gatewayPaths.history,
        label: "history.title",
        screen: lazyScreen("AllHistory", () => import("../screens/AllHistory"), "AllHistoryScreen"),
      },
    ]
  : [];
