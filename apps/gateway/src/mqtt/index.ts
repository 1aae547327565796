/**
 * MQTT client of the gateway (MQTT.md): `createMqtt` wires the parts of this folder — connection.ts (connection
 * and last will), publisher.ts (topic tree), dispatch.ts (command topics), announce.ts (discovery) — around one
 * shared `MqttState`. Nothing here throws into the caller or blocks: broker problems become console lines and
 * `connected() === false`, and mqtt.js keeps retrying.
 */
import type { ConfigJson } from "../config/types.ts";
import type { MqttDeps, MqttService } from "../device/contracts.ts";
import { scheduleDiscovery } from "./announce.ts";
import { noticeReboot, shutdownClient, start } from "./connection.ts";
import { scheduleCycles } from "./publisher.ts";
import {
  brokerKey,
  createMqttState,
  inverterFingerprint,
  logError,
  type MqttOptions,
  type MqttState,
} from "./state.ts";

export { certInfo } from "./certInfo.ts";
export type { MqttOptions } from "./state.ts";

/**
 * Applies a saved configuration: a changed `mqtt` section rebuilds the connection (§1), a changed inverter list
 * republishes discovery (§5.1), anything else does nothing.
 */
function reconfigure(state: MqttState, next: ConfigJson): void {
  const previous = state.settings;
  const wanted = structuredClone(next.mqtt);
  const fingerprint = inverterFingerprint(next);
  const inverterChange = fingerprint !== state.inverterSnapshot;
  state.inverterSnapshot = fingerprint;
  if (JSON.stringify(previous) !== JSON.stringify(wanted)) {
    // Settings saved (§1): offline payload, disconnect, rebuild, reconnect. Entities announced on a broker we
    // move away from are removed there; with the same broker the new connection's discovery run removes what
    // is no longer wanted. Disabling MQTT removes nothing (the device never does; the entities just expire).
    state.settings = wanted;
    state.lastError = ""; // a problem that persists after the save is reported again
    state.publishedStats.clear();
    state.discoverySignature = "";
    void shutdownClient(state, previous, brokerKey(previous) !== brokerKey(wanted)).then(() => {
      if (state.settings === wanted) start(state);
    });
    return;
  }
  if (inverterChange) scheduleDiscovery(state, true);
}

async function stop(state: MqttState): Promise<void> {
  state.stopped = true;
  if (state.cycleTimer) clearTimeout(state.cycleTimer);
  if (state.discoveryTimer) clearTimeout(state.discoveryTimer);
  await shutdownClient(state, state.settings, false);
}

export function createMqtt(deps: MqttDeps, options: MqttOptions = {}): MqttService {
  const state = createMqttState(deps, options);
  start(state);
  scheduleCycles(state, () => {
    try {
      noticeReboot(state);
    } catch (error) {
      logError(state, `uptime: ${(error as Error).message}`);
    }
  });
  return {
    connected: () => state.connected && state.client?.connected === true,
    reconfigure: (next) => reconfigure(state, next),
    stop: () => stop(state),
  };
}
