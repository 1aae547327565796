/**
 * Webhook: a JSON POST of `AlertWebhookBody`. With a secret set, `X-DTU-Signature: sha256=<hex>` is the HMAC-SHA256
 * of the exact body bytes under the secret, so the receiver can check who sent it and that nothing changed.
 */
import { createHmac } from "node:crypto";
import type { AlertConfigPost, AlertWebhookBody } from "@dtu/api/alerts";
import type { Channel, ChannelMessage } from "../contracts.ts";
import { post } from "./http.ts";

type WebhookConfig = AlertConfigPost["channels"]["webhook"];

export const SIGNATURE_HEADER = "x-dtu-signature";

export function webhookBody(message: ChannelMessage): AlertWebhookBody {
  return {
    event: message.event,
    alert: message.alert,
    title: message.title,
    text: message.text,
    sent: message.sent,
  };
}

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export function webhookChannel(config: WebhookConfig): Channel {
  const secret = config.secret ?? "";
  return {
    name: "webhook",
    async send(message, signal) {
      const body = JSON.stringify(webhookBody(message));
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "user-agent": "dtu-gateway-alerts",
      };
      if (secret !== "") headers[SIGNATURE_HEADER] = signature(secret, body);
      await post(config.url, { headers, body, signal, secrets: [secret] });
    },
    async close() {},
  };
}
