/**
 * Security headers on everything the gateway and the proxy serve (our addition; the device sends none). The device's
 * own API answers pass through unchanged otherwise; they get a policy of their own (issue 21 item 5): an API answer
 * is data, never a document, so nothing in it may run, load or be framed, and no browser may guess a type for it.
 *
 * Content-Security-Policy, by what the web app needs:
 * - scripts only from this origin (the built index.html has no inline script);
 * - styles from this origin and inline: the build injects its CSS from JavaScript as a <style> element
 *   (vite-plugin-css-injected-by-js), which a policy without 'unsafe-inline' blocks;
 * - images from this origin and data: URLs;
 * - connections to this origin (its sockets included: CSP 3 'self' covers ws: on the same host) and the version
 *   check on api.github.com (apps/webapp/src/features/system/rules.ts);
 * - no framing, no plugins, no form posts elsewhere; a <base> only of this origin: the web app's page names its base
 *   (`<base href="/">`, or the prefix a gateway serving several devices puts there: issue 24 §3, multi/mount.ts).
 */
import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";

/** The host the web app's version check asks (SEED: "new firmware available"). */
export const VERSION_CHECK_ORIGIN = "https://api.github.com";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  `connect-src 'self' ${VERSION_CHECK_ORIGIN}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** The policy of `/api/*` answers (JSON, CSV, files): a browser opening one directly runs and loads nothing. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": API_CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** The headers of pages, or those of API answers under `/api`. */
export function securityHeadersFor(path: string): Readonly<Record<string, string>> {
  const api = path === "/api" || path.startsWith("/api/");
  return api ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}

/** Adds the headers of pages, or those of API answers under `/api`. */
export function addSecurityHeaders(reply: FastifyReply, path: string): void {
  for (const [name, value] of Object.entries(securityHeadersFor(path))) void reply.header(name, value);
}

/**
 * The same on a raw response, for answers written outside Fastify's hooks (the alert stream after `hijack()`, the
 * top level of a several-device gateway: issue 34 §14). Set before `writeHead`, which keeps them unless it names one.
 */
export function setSecurityHeaders(res: ServerResponse, path: string): void {
  for (const [name, value] of Object.entries(securityHeadersFor(path))) res.setHeader(name, value);
}

/**
 * A `Content-Disposition` for a download whose name we build: only letters, digits, `.`, `_` and `-` survive, so no
 * quote, path, control character or header break can reach the header, whatever a name or parameter held.
 */
export function attachment(name: string): string {
  const safe =
    name
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 100) || "download";
  return `attachment; filename="${safe}"`;
}
