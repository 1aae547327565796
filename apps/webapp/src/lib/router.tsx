import { useLayoutEffect, useSyncExternalStore, type AnchorHTMLAttributes } from "react";
import { routeFrom, under } from "./base";

// The app's own router (issue 15 §4): every route is one exact path (lib/routes.ts) in the browser's history, so a
// router package's patterns and nesting (wouter + regexparam, ~1.9 kB gz) were paid for and never used. Routes are
// written from `/`; under a gateway prefix (issue 24 §3) the browser's path has the base before them (lib/base.ts).

/** The browser announces only the back and forward buttons; navigate() announces its own changes the same way. */
function subscribe(changed: () => void): () => void {
  addEventListener("popstate", changed);
  return () => removeEventListener("popstate", changed);
}

/** Goes to a local URL (route and optional query) without reloading the app. */
export function navigate(to: string, replace?: boolean): void {
  history[replace ? "replaceState" : "pushState"](null, "", under(to));
  dispatchEvent(new PopStateEvent("popstate"));
}

/** The current route, e.g. `/info/system` (also at `/d/garage/info/system`); re-renders on every navigation. */
export const useLocation = (): string => useSyncExternalStore(subscribe, () => routeFrom(location.pathname));

/** The current query string with its `?` (or ""). */
export const useSearch = (): string => useSyncExternalStore(subscribe, () => location.search);

/** The path as a route key: without a trailing slash, in lower case (`/Info/System/` is `/info/system`). */
export const routeOf = (path: string): string => (path.replace(/(.)\/$/, "$1") || "/").toLowerCase();

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * A link to a route that navigates inside the app; a click with a modifier key or another button is left to the
 * browser, so the element's own href is the route under the base.
 */
export function Link({ onClick, ...props }: LinkProps) {
  return (
    <a
      {...props}
      href={under(props.href)}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(props.href);
      }}
    />
  );
}

/** Replaces the current history entry with `to` as soon as it is rendered. */
export function Redirect({ to }: { to: string }) {
  useLayoutEffect(() => navigate(to, true), [to]);
  return null;
}
