/**
 * The app's base path (issue 24 §3): `/` on the device, `/d/garage/` or `/solar/` when a gateway serves the app under
 * a prefix. index.html says `<base href="/">`; a gateway serving under a prefix puts the prefix there instead
 * (apps/gateway/src/multi/mount.ts), so the page's base URI is the one place that knows, at any depth of route.
 */
// Without a document (unit tests in Node) the base is `/`.
// Without a <base> element the page's own address would stand in for it (a route such as `/info/system`), so the base
// is read only from the element index.html carries.
export const base = globalThis.document?.querySelector("base") ? new URL(document.baseURI).pathname : "/";

/** A route or server path (`/info/ntp`, `/api/…`, `/livedata`) under the base: `/d/garage/info/ntp`. */
export const under = (path: string, b = base): string => b + path.slice(1);

/** The browser's path as a route, the base taken off (`/d/garage/info/ntp` → `/info/ntp`). */
export const routeFrom = (pathname: string, b = base): string =>
  pathname.startsWith(b) ? "/" + pathname.slice(b.length) : pathname;

/** ws: or wss: by the page protocol, same host, under the base (SEED §7). */
export const socketUrl = (loc: { protocol: string; host: string }, path: string, b = base): string =>
  `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}${under(path, b)}`;
