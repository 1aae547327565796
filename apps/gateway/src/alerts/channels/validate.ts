/**
 * Checks the `channels` part of POST /api/alerts/config before anything is stored (issue 23 §3, §6), with the shared
 * valibot schema (packages/api/src/alertPostSchemas.ts): every refusal names its field as a dotted path
 * (`channels.webhook.url`) with a message in words and its code. Addresses and URLs are required only while their
 * channel is enabled, but a value that is there is always checked.
 */
import { checkAlertChannels, type AlertRefusal } from "@dtu/api/alertPostSchemas";

export type FieldError = AlertRefusal;

/**
 * Validates `post.channels` of an alert config POST (pass the `channels` value). Returns the first refusal, or null
 * when every channel is acceptable. Unknown keys are refused too, so a typo does not silently do nothing.
 */
export function validateChannels(channels: unknown): FieldError | null {
  return checkAlertChannels(channels);
}
