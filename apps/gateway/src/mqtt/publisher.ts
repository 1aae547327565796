/**
 * The periodic topic tree (MQTT.md §2, §3): one cycle publishes the DTU, the totals and every inverter's status,
 * and the channel values of inverters with a new statistics sample; the timer re-reads the interval each time.
 */
import { discoveryDue, publishDiscovery } from "./announce.ts";
import { subscribeAdditions } from "./dispatch.ts";
import {
  dtuMessages,
  inverterChannelMessages,
  inverterStatusMessages,
  totalsMessages,
  type Outgoing,
} from "./topics.ts";
import { configView, liveSender, logError, type MqttState, type Send } from "./state.ts";

/** Topic-tree messages under the base topic with the configured retain flag (§2). */
function publishTree(state: MqttState, send: Send, messages: Outgoing[]): void {
  const { topic: base, retain } = state.settings;
  for (const m of messages) send(base + m.topic, m.payload.trim(), retain);
}

/** One publish cycle on `send`; a failure of the fleet becomes a console line. */
export function publishCycle(state: MqttState, send: Send): void {
  const { fleet, identity } = state.deps;
  try {
    publishTree(state, send, dtuMessages(identity, state.deps.uptimeSeconds()));
    const live = fleet.liveData();
    publishTree(state, send, totalsMessages(live, configView(state)));
    for (const addition of state.deps.additions ?? []) publishTree(state, send, addition.topics());
    for (const inv of live.inverters) {
      const lastUpdate = fleet.lastUpdate(inv.serial);
      publishTree(state, send, inverterStatusMessages(inv, fleet.deviceInfo(inv.serial), lastUpdate));
      if (lastUpdate > 0 && state.publishedStats.get(inv.serial) !== lastUpdate) {
        publishTree(state, send, inverterChannelMessages(inv));
        state.publishedStats.set(inv.serial, lastUpdate);
      }
    }
    // Inverter added, renamed or deleted: the discovery set changed (§5.1).
    if (discoveryDue(state)) publishDiscovery(state, send, live, false);
  } catch (error) {
    logError(state, `publishing failed: ${(error as Error).message}`);
  }
}

/** A cycle on the current connection; nothing while disconnected (nothing is queued, §2). */
export function cycle(state: MqttState): void {
  const send = liveSender(state);
  if (!send) return;
  subscribeAdditions(state);
  publishCycle(state, send);
}

/** The publish period: the test knob, or `publish_interval` seconds (at least 5, as the API enforces). */
export const publishPeriodMs = (state: MqttState): number =>
  state.options.publishIntervalMs ?? Math.max(5, state.settings.publish_interval) * 1000;

/**
 * Runs `beforeEach` and a cycle every period until `state.stopped`. The period is re-read after each cycle, so a
 * changed interval applies after the next publication (§2).
 */
export function scheduleCycles(state: MqttState, beforeEach: () => void): void {
  if (state.stopped) return;
  state.cycleTimer = setTimeout(() => {
    beforeEach();
    cycle(state);
    scheduleCycles(state, beforeEach);
  }, publishPeriodMs(state));
  state.cycleTimer.unref();
}
