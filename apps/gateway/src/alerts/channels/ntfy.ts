/**
 * ntfy (https://docs.ntfy.sh/publish/): a POST to `<server>/<topic>` with the text as body and the title, priority
 * and tags as headers; `Authorization: Bearer <token>` when a token is set. Works with ntfy.sh and self-hosted servers.
 */
import type { AlertConfigPost, AlertSeverity } from "@dtu/api/alerts";
import type { Channel, ChannelMessage } from "../contracts.ts";
import { oneLine } from "./errors.ts";
import { post } from "./http.ts";

type NtfyConfig = AlertConfigPost["channels"]["ntfy"];

/** ntfy priorities 1 (min) … 5 (max): a critical alert makes the phone ring through do-not-disturb. */
export const NTFY_PRIORITY: Record<AlertSeverity, number> = { critical: 5, warning: 4, info: 3 };

/** Tags become emoji in the ntfy app (its tag list: rotating_light, warning, information_source, …). */
function tags(message: ChannelMessage): string {
  if (message.event === "cleared") return "white_check_mark";
  if (message.event === "test") return "test_tube";
  if (message.event === "summary") return "sunny";
  return message.severity === "critical"
    ? "rotating_light"
    : message.severity === "warning"
      ? "warning"
      : "information_source";
}

export function topicUrl(config: Pick<NtfyConfig, "url" | "topic">): string {
  return `${config.url.replace(/\/+$/, "")}/${encodeURIComponent(config.topic)}`;
}

export function ntfyChannel(config: NtfyConfig): Channel {
  const token = config.token ?? "";
  return {
    name: "ntfy",
    async send(message, signal) {
      const headers: Record<string, string> = {
        "content-type": "text/plain; charset=utf-8",
        // Header values are Latin-1 on the wire; ntfy (2.4 and later) decodes RFC 2047 encoded words in X-Title and
        // X-Tags, which keeps umlauts and accents.
        "x-title": encodeWord(oneLine(message.title)),
        // A recovery is good news: no more urgent than default.
        "x-priority": String(message.event === "cleared" ? 3 : NTFY_PRIORITY[message.severity]),
        "x-tags": tags(message),
      };
      if (token !== "") headers["authorization"] = `Bearer ${token}`;
      await post(topicUrl(config), { headers, body: message.text, signal, secrets: [token] });
    },
    async close() {},
  };
}

/** RFC 2047 `=?UTF-8?B?…?=` for a value that is not plain ASCII (ntfy decodes it); ASCII passes as is. */
export function encodeWord(value: string): string {
  if (/^[\u0020-\u007e]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;
}
