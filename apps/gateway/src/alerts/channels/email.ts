/**
 * E-mail over SMTP with nodemailer: TLS from the start (usually port 465), STARTTLS (587, the upgrade required) or
 * plain (a relay on the local network). One connection per message: alerts are rare, and nothing stays open.
 */
import { createTransport } from "nodemailer";
import type { AlertConfigPost } from "@dtu/api/alerts";
import { CodedError, coded } from "../codes.ts";
import type { Channel } from "../contracts.ts";
import { errorText, oneLine } from "./errors.ts";

type EmailConfig = AlertConfigPost["channels"]["email"];

/** Connect, greeting and idle socket limits, within the dispatcher's 10 s per attempt. */
const SMTP_TIMEOUT_MS = 9_000;

export interface EmailOptions {
  /** Extra trusted CA certificates (PEM), for a server with a private CA (and the tests' throwaway one). */
  ca?: readonly string[];
}

export function emailChannel(config: EmailConfig, opts: EmailOptions = {}): Channel {
  const password = config.password ?? "";
  const secrets = [password];
  const transport = createTransport({
    host: config.host,
    port: config.port,
    secure: config.security === "tls",
    requireTLS: config.security === "starttls",
    // "none": never upgrade, even when the server offers STARTTLS (a relay with a certificate nobody can check).
    ignoreTLS: config.security === "none",
    auth: config.username !== "" ? { user: config.username, pass: password } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    tls: opts.ca !== undefined && opts.ca.length > 0 ? { ca: [...opts.ca] } : undefined,
    // nodemailer's own logger stays off: it would print the SMTP dialogue, the login included.
    logger: false,
    debug: false,
  });
  return {
    name: "email",
    async send(message, signal) {
      const to = config.to.split(",").map((a) => a.trim());
      const sending = transport.sendMail({
        from: config.from,
        to,
        // §6: a subject is a header; no line break may get into it.
        subject: oneLine(message.title),
        text: message.text,
        headers: { "auto-submitted": "auto-generated" },
      });
      const aborted = new Promise<never>((_, reject) => {
        const stop = () => reject(new CodedError("cancelled (time-out)", coded("cancelled", {})));
        if (signal.aborted) stop();
        else signal.addEventListener("abort", stop, { once: true });
      });
      try {
        await Promise.race([sending, aborted]);
      } catch (error) {
        throw smtpError(error, secrets);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** nodemailer's error in safe words, coded: a refused login (its `EAUTH`) apart from every other failure. */
function smtpError(error: unknown, secrets: readonly string[]): CodedError {
  if (error instanceof CodedError) return error;
  const reason = errorText(error, secrets);
  const auth = (error as { code?: unknown } | null)?.code === "EAUTH";
  return new CodedError(reason, auth ? coded("smtp_auth", { reason }) : coded("smtp", { reason }));
}
