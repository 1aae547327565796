import { Suspense, useEffect, type ComponentType, type ReactNode } from "react";
import { Page } from "../components/ui/Page";
import { useGatewayOffer } from "../lib/gatewayFeatures";
import { useT } from "../lib/i18n";
import { useLoggedIn } from "../lib/session";
import { startTheme } from "../lib/theme";
import { NotFoundScreen } from "../screens/NotFound";
import { NavBar } from "./NavBar";
import { ScreenBoundary } from "./ScreenBoundary";
import { guardedPaths, loginUrl, paths, type DevicePath, type Path } from "../lib/routes";
import { gatewayScreens, topScreens, type GatewayScreen } from "./gatewayScreens";
import { screens } from "./screens";
import { Toasts } from "./Toasts";
import { Redirect, routeOf, useLocation } from "../lib/router";

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

/** Gateway build: a screen's chunk on its way (the page's spinner under the app's name). */
function Loading() {
  return <Page title={useT()("common.appName")} loading />;
}

/**
 * Gateway build: the top level of several devices (issue 24 §4–5) has its own screens (`topScreens`: the overview at
 * `/`, the energy of all devices at `/history`) and its login, nothing else. At `/` the live view waits for the
 * server's answer, so the top level never opens a device's socket.
 */
function TopLevel({ path, children }: { path: Path; children: ReactNode }) {
  const offer = useGatewayOffer();
  if (!offer?.devices) return offer || path !== paths.home ? children : <Loading />;
  if (path === paths.login) return children;
  const Screen = topScreens.find((s) => s.path === path)?.screen;
  return <Suspense fallback={<Loading />}>{Screen ? <Screen /> : <NotFoundScreen />}</Suspense>;
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
      {__GATEWAY_BUILD__ ? (
        // A screen whose chunk or texts fail to load shows an error with Retry (ScreenBoundary).
        <ScreenBoundary key={path}>
          <TopLevel path={path}>
            {gateway ? (
              <GatewayRoute entry={gateway} />
            ) : (
              // Lazy screens show the page's spinner while their chunk loads.
              <Suspense fallback={<Loading />}>
                {guardedPaths.includes(path) ? <Guarded path={path} screen={Screen} /> : <Screen />}
              </Suspense>
            )}
          </TopLevel>
        </ScreenBoundary>
      ) : guardedPaths.includes(path) ? (
        <Guarded key={path} path={path} screen={Screen} />
      ) : (
        <Screen key={path} />
      )}
      <Toasts />
    </>
  );
}
