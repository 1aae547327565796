/**
 * Home Assistant discovery bookkeeping (MQTT.md §5): publishes the payloads of discovery.ts when they changed and
 * removes entities announced earlier that are no longer wanted.
 */
import type { LiveData } from "@dtu/api/live";
import { fleetDiscovery } from "./discovery.ts";
import { configView, liveSender, logError, type MqttState, type Send } from "./state.ts";

/** Publish discovery (when enabled) and empty payloads for entities no longer wanted (§5). */
export function publishDiscovery(state: MqttState, send: Send, live: LiveData, force: boolean): void {
  const hass = state.settings.hass;
  const context = { config: configView(state), identity: state.deps.identity, inverters: live.inverters };
  const extra = (state.deps.additions ?? []).flatMap((a) => a.discovery(context.config, context.identity));
  const messages = hass.enabled ? [...fleetDiscovery(context), ...extra] : [];
  const signature = JSON.stringify(messages);
  if (!force && signature === state.discoverySignature) return;
  state.discoverySignature = signature;
  const wanted = new Set(messages.filter((m) => m.payload !== "").map((m) => m.topic));
  const sentEmpty = new Set<string>();
  for (const m of messages) {
    send(m.topic, m.payload, hass.retain);
    if (m.payload === "") sentEmpty.add(m.topic);
  }
  // Entities of deleted inverters, or all of them when discovery was switched off: an empty retained payload
  // deletes the entity in Home Assistant and the retained config on the broker.
  for (const topic of [...state.announced]) {
    if (wanted.has(topic)) continue;
    if (!sentEmpty.has(topic)) send(topic, "", true);
    state.announced.delete(topic);
  }
  for (const topic of wanted) state.announced.add(topic);
}

/** Discovery is due while it is enabled, or while entities announced earlier are still to be removed. */
export const discoveryDue = (state: MqttState): boolean =>
  state.settings.hass.enabled || state.announced.size > 0;

/** Discovery right now on `send`, with a failure as a console line (the fleet's live document may throw). */
export function announceNow(state: MqttState, send: Send, force: boolean): void {
  try {
    publishDiscovery(state, send, state.deps.fleet.liveData(), force);
  } catch (error) {
    logError(state, `discovery failed: ${(error as Error).message}`);
  }
}

/** Discovery once more after an inverter change (§5.1), deferred one turn so the fleet applied the same save first. */
export function scheduleDiscovery(state: MqttState, force: boolean): void {
  if (state.discoveryTimer) clearTimeout(state.discoveryTimer);
  state.discoveryTimer = setTimeout(() => {
    state.discoveryTimer = null;
    const send = liveSender(state);
    if (send) announceNow(state, send, force);
  }, 0);
  state.discoveryTimer.unref();
}
