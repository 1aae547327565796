import { sampleMqttConfig } from "@dtu/api/samples";
import type { MqttConfig } from "@dtu/api/settings";

/**
 * An MQTT settings POST body as the web app sends it (API.md §3.16): the device's defaults with broker.lan as the
 * host; a test changes only what it is about.
 */
export function mqttSettings(patch: Partial<MqttConfig> = {}): MqttConfig {
  return {
    ...sampleMqttConfig,
    ...patch,
  };
}
