import { NO_GATEWAY_FEATURES, gatewayEndpoints, type GatewayFeatures } from "@dtu/api/gateway";
import { getJson } from "./http";
import { createStore, useStore, type Store } from "./store";

/**
 * What the server offers beyond the device (gateway build only; README "Two builds"): `GET /api/gateway/features`,
 * asked once, when the first component wants to know. Null until it answered. Any failure or an answer that is not
 * the expected JSON (a device answers its index page, API.md §3.21) counts as nothing offered: the app then shows
 * the device's screens only, never an endless spinner.
 */
export const gatewayFeaturesStore: Store<GatewayFeatures | null> = createStore<GatewayFeatures | null>(null);

let asked = false;

/** Reads the answer's known flags; anything else (wrong type, missing) is false. */
export function featuresOf(answer: unknown): GatewayFeatures {
  const a = (answer ?? {}) as Record<string, unknown>;
  const out = { ...NO_GATEWAY_FEATURES };
  for (const k of Object.keys(out) as (keyof GatewayFeatures)[]) out[k] = a[k] === true;
  // Optional in the contract (servers without a meter leave it out): only a true one is kept.
  if (a.meter === true) out.meter = true;
  return out;
}

export function askGatewayFeatures(): void {
  if (asked) return;
  asked = true;
  getJson(gatewayEndpoints.features.path).then(
    (a) => gatewayFeaturesStore.set(featuresOf(a)),
    () => gatewayFeaturesStore.set(NO_GATEWAY_FEATURES),
  );
}

/** The offered features, null while not known yet. */
export function useGatewayOffer(): GatewayFeatures | null {
  askGatewayFeatures();
  return useStore(gatewayFeaturesStore);
}

/** The offered features; nothing while not known yet. */
export function useGatewayFeatures(): GatewayFeatures {
  return useGatewayOffer() ?? NO_GATEWAY_FEATURES;
}
