/**
 * The command topics (MQTT.md §4): a received message is parsed by commands.ts and, when the inverter accepts
 * commands, handed to the fleet; one on a gateway feature's topic (`MqttAddition.commands`) goes to that feature.
 * Nothing throws into mqtt.js: every problem is a console line.
 */
import { sameSerial } from "../wire/serial.ts";
import { parseCommand, type CommandAction } from "./commands.ts";
import { configInverter } from "./topics.ts";
import { configView, logError, type MqttState } from "./state.ts";

/** Hands a parsed command to the fleet unless the inverter's settings drop it. */
export function act(state: MqttState, action: CommandAction): void {
  const { fleet, log } = state.deps;
  const inv = configInverter(configView(state), action.serial);
  // Commands disabled for the inverter (or at night) are dropped silently, as on the device (§4).
  if (inv && !inv.command_enable) return;
  if (inv && !inv.command_enable_night && !fleet.sun().isDayPeriod) return;
  switch (action.kind) {
    case "limit":
      log(`MQTT: limit ${action.value} type ${action.type} for ${action.serial}`);
      fleet.setLimit(action.serial, action.value, action.type);
      break;
    case "power":
      log(`MQTT: power ${action.on ? "on" : "off"} for ${action.serial}`);
      fleet.setPower(action.serial, action.on);
      break;
    case "restart":
      log(`MQTT: restart ${action.serial}`);
      fleet.restart(action.serial);
      break;
  }
}

/**
 * Subscribes the command topics of the gateway's features (`MqttAddition.commands`, under the current base topic)
 * not yet subscribed on this connection: called on every connection and every cycle, since a feature may attach
 * after the connection came up.
 */
export function subscribeAdditions(state: MqttState): void {
  const client = state.client;
  if (!client) return;
  const base = state.settings.topic;
  const wanted = (state.deps.additions ?? []).flatMap((a) => (a.commands?.topics ?? []).map((t) => base + t));
  const missing = wanted.filter((f) => !state.additionFilters.has(f));
  if (missing.length === 0) return;
  for (const f of missing) state.additionFilters.add(f);
  const mine = state.generation;
  client.subscribe(missing, { qos: 0 }, (error) => {
    if (error && mine === state.generation) logError(state, `subscribe failed: ${error.message}`);
  });
}

/** A message on a feature's command topic goes to that feature; false when the topic is none of theirs. */
function toAddition(state: MqttState, topic: string, payload: Buffer, retained: boolean): boolean {
  const base = state.settings.topic;
  if (!topic.startsWith(base)) return false;
  const sub = topic.slice(base.length);
  const taker = (state.deps.additions ?? []).find((a) => a.commands?.topics.includes(sub));
  if (!taker?.commands) return false;
  taker.commands.receive(sub, payload.toString("utf8"), retained);
  return true;
}

/** One received message on a command topic. */
export function onCommandMessage(state: MqttState, topic: string, payload: Buffer, retained: boolean): void {
  const { fleet, log } = state.deps;
  try {
    if (toAddition(state, topic, payload, retained)) return;
    const known = (serial: string): string | null => {
      const inv = fleet.liveData().inverters.find((i) => sameSerial(i.serial, serial));
      return inv && fleet.has(inv.serial) ? inv.serial : null;
    };
    const parsed = parseCommand(state.settings.topic, topic, payload.toString("utf8"), retained, known);
    if ("ignored" in parsed) {
      log(`MQTT: ${topic}: ${parsed.ignored}`);
      return;
    }
    act(state, parsed.action);
  } catch (error) {
    log(`MQTT: command ${topic} failed: ${(error as Error).message}`);
  }
}
