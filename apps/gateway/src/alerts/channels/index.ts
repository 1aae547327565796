/**
 * The delivery channels of the alerts (issue 23 §2, §6): the only module the engine imports from this folder.
 *
 * - `createChannels(config, deps)`: the enabled channels of a config;
 * - `createDispatcher(opts)`: sends on them without blocking, 10 s per attempt, retries with back-off;
 * - `validateChannels(post.channels)`: the first refused field of a config POST (dotted path) or null;
 * - `createBrowserHub()`: the event stream for open pages (`GET /api/alerts/stream`) that the browser channel feeds.
 */
import type { AlertConfigPost } from "@dtu/api/alerts";
import type { Channel } from "../contracts.ts";
import { browserChannel } from "./browser.ts";
import { emailChannel } from "./email.ts";
import { mqttChannel } from "./mqtt.ts";
import { ntfyChannel } from "./ntfy.ts";
import type { ChannelDeps } from "./types.ts";
import { webhookChannel } from "./webhook.ts";

export { createBrowserHub, type BrowserHub } from "./browserHub.ts";
export {
  createDispatcher,
  type DispatcherOptions,
  ATTEMPT_TIMEOUT_MS,
  RETRY_DELAYS_MS,
} from "./dispatcher.ts";
export { validateChannels, type FieldError } from "./validate.ts";
export type { AlertSite, ChannelDeps, Timers } from "./types.ts";
export { NO_PAGE } from "./browser.ts";

/**
 * The enabled channels of a (validated) config, in the order of `ALERT_CHANNELS`. Creating one opens nothing but the
 * MQTT connection; `Channel.close()` releases it.
 */
export function createChannels(config: AlertConfigPost["channels"], deps: ChannelDeps): Channel[] {
  const out: Channel[] = [];
  if (config.mqtt.enabled) out.push(mqttChannel(config.mqtt, deps));
  if (config.ntfy.enabled) out.push(ntfyChannel(config.ntfy));
  if (config.webhook.enabled) out.push(webhookChannel(config.webhook));
  if (config.email.enabled) out.push(emailChannel(config.email, { ca: deps.ca }));
  if (config.browser.enabled) out.push(browserChannel(deps.hub));
  return out;
}
