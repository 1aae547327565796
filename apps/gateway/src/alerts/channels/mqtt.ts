/** MQTT channel (stub: topics and Home Assistant discovery follow in the next commit). */
import type { AlertConfigPost } from "@dtu/api/alerts";
import type { Channel } from "../contracts.ts";
import type { ChannelDeps } from "./types.ts";

type MqttConfig = AlertConfigPost["channels"]["mqtt"];

export function mqttChannel(config: MqttConfig, deps: ChannelDeps): Channel {
  void config;
  void deps;
  return {
    name: "mqtt",
    async send() {
      throw new Error("the MQTT channel is not built yet");
    },
    async close() {},
  };
}
