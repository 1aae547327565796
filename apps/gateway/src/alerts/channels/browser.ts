/**
 * Browser channel: the message goes to every open page of the app through the hub's event stream. With no page open
 * there is nobody to tell: `NoReceiver` (no retry, no console line); a page that opens later reads the open alerts.
 */
import { NoReceiver, coded } from "../codes.ts";
import type { Channel } from "../contracts.ts";
import type { BrowserHub } from "./browserHub.ts";

export const NO_PAGE = "no page of the app is open";

export function browserChannel(hub: BrowserHub): Channel {
  return {
    name: "browser",
    async send(message) {
      const { event, alert, severity, title, text, sent } = message;
      if (hub.publish({ event, alert, severity, title, text, sent }) === 0)
        throw new NoReceiver(NO_PAGE, coded("no_page", {}));
    },
    // The hub outlives the channel: pages stay connected across config saves.
    async close() {},
  };
}
