/**
 * The seam between the alert engine (rules, store, API: alerts/*.ts) and the delivery channels (alerts/channels/):
 * the engine decides what to tell, a channel only knows how to reach one kind of receiver.
 */
import type {
  Alert,
  AlertChannelName,
  AlertCodeFields,
  AlertEventType,
  AlertSeverity,
} from "@dtu/api/alerts";

/** One message for every enabled channel, already worded in the alert language. */
export interface ChannelMessage {
  event: AlertEventType;
  /** The alert raised or cleared; null for a test or the daily summary. */
  alert: Alert | null;
  severity: AlertSeverity;
  /** One line (mail subject, push title). */
  title: string;
  /** The body, plain text. */
  text: string;
  /** Unix seconds. */
  sent: number;
}

export interface Channel {
  readonly name: AlertChannelName;
  /**
   * Delivers one message. Resolves when the receiver took it; rejects with an Error whose message says why in words
   * (never a secret), a CodedError (codes.ts) where the reason has a code. Must stop when `signal` aborts (the dispatcher's 10 s time-out).
   */
  send(message: ChannelMessage, signal: AbortSignal): Promise<void>;
  /** Releases connections (MQTT client, SMTP pool); called on reconfigure and shutdown. */
  close(): Promise<void>;
}

/** Result of one delivery attempt, as the engine stores it on the alert; `code`/`params` say why it failed. */
export interface DeliveryResult extends AlertCodeFields {
  channel: AlertChannelName;
  at: number;
  ok: boolean;
  error: string | null;
}

/**
 * Sends messages on the enabled channels without ever blocking the caller: each send has a 10 s time-out and is
 * retried with back-off; every attempt's end is reported through `onResult`.
 */
export interface Dispatcher {
  deliver(message: ChannelMessage, onResult: (result: DeliveryResult) => void): void;
  /** A test on every enabled channel; resolves within 15 s with one result per channel. */
  test(message: ChannelMessage): Promise<DeliveryResult[]>;
  /** Swap the channel set (after a config save); closes the old channels. */
  setChannels(channels: readonly Channel[]): Promise<void>;
  close(): Promise<void>;
}

export type { Alert };
