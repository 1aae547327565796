/**
 * E-mail against a real SMTP server on loopback (the `smtp-server` package): plain with login, STARTTLS and TLS with
 * a throwaway CA (openssl), login refused without the password in the error, no header injection through the
 * subject. Skipped with its reason without openssl; a failure instead when CI=true.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf } from "../../../src/alerts/codes.ts";
import type { AlertConfigPost } from "@dtu/api/alerts";
import { emailChannel } from "../../../src/alerts/channels/email.ts";
import { hasOpenssl, makePki, type Pki } from "../../mqtt/certs.ts";
import { skipUnlessAvailable } from "../../helpers/requires.ts";
import { makeMessage } from "./helpers.ts";

const PASSWORD = "smtp-SECRET-pass";
const never = new AbortController().signal;
const missing = hasOpenssl() ? "" : "openssl CLI not installed";

interface Received {
  from: string;
  to: string[];
  secure: boolean;
  user: string | undefined;
  data: string;
}

async function startSmtp(
  options: SMTPServerOptions,
  received: Received[],
): Promise<{ port: number; server: SMTPServer }> {
  const server = new SMTPServer({
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "owner" && auth.password === PASSWORD) callback(null, { user: auth.username });
      // A careless server that echoes what it got: the channel must still not pass the password on.
      else callback(new Error(`Invalid login ${auth.username}/${auth.password ?? ""}`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          user: typeof session.user === "string" ? session.user : undefined,
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
    ...options,
  });
  // A client that drops the connection (the untrusted-certificate case) is an 'error' event of the server.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.server.address() as AddressInfo).port, server };
}

type EmailConfig = AlertConfigPost["channels"]["email"];

describe.skipIf(skipUnlessAvailable(missing))(
  `e-mail over SMTP${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let pki: Pki;
    const received: Received[] = [];
    const servers: SMTPServer[] = [];
    const ports = { plain: 0, starttls: 0, tls: 0 };

    beforeAll(async () => {
      pki = makePki("unused-client");
      const tls = { key: pki.serverKey, cert: pki.serverCert };
      const plain = await startSmtp({ disabledCommands: ["STARTTLS"], allowInsecureAuth: true }, received);
      const starttls = await startSmtp({ ...tls }, received);
      const secure = await startSmtp({ ...tls, secure: true }, received);
      servers.push(plain.server, starttls.server, secure.server);
      ports.plain = plain.port;
      ports.starttls = starttls.port;
      ports.tls = secure.port;
    });

    afterAll(async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      pki?.remove();
    });

    const config = (over: Partial<EmailConfig>): EmailConfig => ({
      enabled: true,
      host: "127.0.0.1",
      port: ports.plain,
      security: "none",
      username: "owner",
      password: PASSWORD,
      from: "dtu@example.org",
      to: "owner@example.org, second@example.org",
      ...over,
    });

    const sendAndReceive = async (c: EmailConfig, title = "Roof east is not answering") => {
      const before = received.length;
      const channel = emailChannel(c, { ca: [pki.caCert] });
      try {
        await channel.send(makeMessage({ title }), never);
      } finally {
        await channel.close();
      }
      expect(received.length).toBe(before + 1);
      return received[before] as Received;
    };

    it("sends over a plain connection with login: from, every recipient, subject and text", async () => {
      const mail = await sendAndReceive(config({}));
      expect(mail).toMatchObject({
        from: "dtu@example.org",
        to: ["owner@example.org", "second@example.org"],
        secure: false,
        user: "owner",
      });
      expect(mail.data).toMatch(/^Subject: Roof east is not answering\r$/m);
      expect(mail.data).toContain("No answer for 30 minutes while the sun is up.");
      expect(mail.data).toMatch(/^Auto-Submitted: auto-generated\r$/im);
    });

    it("upgrades with STARTTLS and with TLS from the start, verifying the server's certificate", async () => {
      expect((await sendAndReceive(config({ port: ports.starttls, security: "starttls" }))).secure).toBe(
        true,
      );
      expect((await sendAndReceive(config({ port: ports.tls, security: "tls" }))).secure).toBe(true);
      const untrusted = emailChannel(config({ port: ports.tls, security: "tls" }));
      await expect(untrusted.send(makeMessage(), never)).rejects.toThrow(/certificate/i);
      await untrusted.close();
    });

    it("refuses to send when STARTTLS is required but not offered", async () => {
      const channel = emailChannel(config({ security: "starttls" }), { ca: [pki.caCert] });
      await expect(channel.send(makeMessage(), never)).rejects.toThrow(/STARTTLS/);
      await channel.close();
    });

    it("names a refused login without the password, even when the server echoes it", async () => {
      const wrong = `${PASSWORD}-wrong`;
      const channel = emailChannel(config({ password: wrong }), { ca: [pki.caCert] });
      const error = await channel.send(makeMessage(), never).then(
        () => null,
        (e: unknown) => e as Error,
      );
      await channel.close();
      expect(error?.message).toMatch(/Invalid login owner\/\*\*\*/);
      expect(error?.message).not.toContain(PASSWORD);
      // Coded as a refused login (nodemailer's EAUTH), its reason as safe as the message.
      expect(codeOf(error)).toEqual({ code: "smtp_auth", params: { reason: error?.message } });
    });

    it("keeps a line break in the title from adding a header", async () => {
      const mail = await sendAndReceive(config({}), "Alarm\r\nBcc: intruder@example.org");
      expect(mail.to).toEqual(["owner@example.org", "second@example.org"]);
      expect(mail.data).not.toMatch(/^Bcc:/im);
      expect(mail.data).toMatch(/^Subject: Alarm Bcc: intruder@example.org\r$/m);
    });
  },
);
