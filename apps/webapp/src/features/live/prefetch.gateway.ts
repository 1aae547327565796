/**
 * The gateway build's prefetch.ts (README "Two builds", `.gateway` siblings): as there, the live view's first GET
 * before the app has run, except that `/` of a gateway with several devices is the overview (issue 24 §4), which has
 * no live data of its own. The GET therefore waits for the server's features (asked now too): one local round trip.
 */
import { paths } from "../../lib/routes";
import { routeFrom } from "../../lib/base";
import { askGatewayFeatures, gatewayFeaturesStore } from "../../lib/gatewayFeatures";
import { liveFeed } from "./liveStore";

if (routeFrom(location.pathname) === paths.home) {
  askGatewayFeatures();
  const stop = gatewayFeaturesStore.subscribe(() => {
    const offer = gatewayFeaturesStore.get();
    if (!offer) return;
    stop();
    if (!offer.devices) liveFeed.prefetch();
  });
}
