/**
 * The live view's first GET, asked before React and the rest of the app have run (issue 15 §2): main.tsx imports
 * this module first, so on a slow device link the answer travels while the app starts, and the feed adopts it.
 * A module of the one app.js rather than a `<link rel="preload">`: a preload cannot send `X-Requested-With`, so
 * with read-only access off its 401 would carry the challenge that opens the browser's own login dialog
 * (API.md §2.2). The gateway build has its own (prefetch.gateway.ts).
 */
import { paths } from "../../lib/routes";
import { routeFrom } from "../../lib/base";
import { liveFeed } from "./liveStore";

if (routeFrom(location.pathname) === paths.home) liveFeed.prefetch();
