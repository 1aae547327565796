/**
 * Security headers on the pages the gateway and the proxy serve (our addition; the device sends none). The device
 * API answers (`/api/...`) keep the device's own headers.
 *
 * Content-Security-Policy, by what the web app needs:
 * - scripts only from this origin (the built index.html has no inline script);
 * - styles from this origin and inline: the build injects its CSS from JavaScript as a <style> element
 *   (vite-plugin-css-injected-by-js), which a policy without 'unsafe-inline' blocks;
 * - images from this origin and data: URLs;
 * - connections to this origin (its sockets included: CSP 3 'self' covers ws: on the same host) and the version
 *   check on api.github.com (apps/webapp/src/features/system/rules.ts);
 * - no framing, no plugins, no <base> or form posts elsewhere.
 */
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
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** Adds the headers to an answer that is not a device API answer. */
export function addSecurityHeaders(reply: FastifyReply, path: string): void {
  if (path === "/api" || path.startsWith("/api/")) return;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
}
