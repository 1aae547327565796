/**
 * The delivery channels of the alerts (issue 23 §2, §6): the only module the engine imports from this folder.
 *
 * - `createChannels(config, deps)`: the enabled channels of a config;
 * - `createDispatcher(opts)`: sends on them without blocking, 10 s per attempt, retries with back-off;
 * - `validateChannels(post.channels)`: the first refused field of a config POST (dotted path) or null;
 * - `createBrowserHub()`: the event stream for open pages (`GET /api/alerts/stream`) that the browser channel feeds.
 */
import type { AlertChannelName, AlertConfigPost } from "@dtu/api/alerts";
import { CodedError, coded } from "../codes.ts";
import type { Channel } from "../contracts.ts";
import { browserChannel } from "./browser.ts";
import { emailChannel } from "./email.ts";
import { errorText } from "./errors.ts";
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
  const makers: [AlertChannelName, boolean, () => Channel][] = [
    ["mqtt", config.mqtt.enabled, () => mqttChannel(config.mqtt, deps)],
    ["ntfy", config.ntfy.enabled, () => ntfyChannel(config.ntfy)],
    ["webhook", config.webhook.enabled, () => webhookChannel(config.webhook)],
    ["email", config.email.enabled, () => emailChannel(config.email, { ca: deps.ca })],
    ["browser", config.browser.enabled, () => browserChannel(deps.hub)],
  ];
  return makers.filter(([, enabled]) => enabled).map(([name, , make]) => safely(name, make, config, deps));
}

/**
 * A channel that could not even be set up (a library refusing its options) must not take the others down: it
 * becomes a channel whose every send fails with the reason, shown on the alert and by the test button.
 */
function safely(
  name: AlertChannelName,
  make: () => Channel,
  config: AlertConfigPost["channels"],
  deps: ChannelDeps,
): Channel {
  try {
    return make();
  } catch (error) {
    const why = errorText(error, secretsOf(config));
    const reason = `cannot be set up: ${why}`;
    deps.log(`Alerts: ${name} ${reason}`);
    return {
      name,
      send: () => Promise.reject(new CodedError(reason, coded("setup_failed", { reason: why }))),
      close: async () => {},
    };
  }
}

/** Every secret of the channel config, for removing from texts that leave this module. */
export function secretsOf(config: AlertConfigPost["channels"]): string[] {
  return [config.mqtt.password, config.ntfy.token, config.webhook.secret, config.email.password].filter(
    (s): s is string => typeof s === "string" && s !== "",
  );
}
