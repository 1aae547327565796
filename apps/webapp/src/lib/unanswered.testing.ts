/** Used by the unit tests only: the gateway's answer when it cannot reach the device (lib/unanswered.ts). */
import { vi } from "vitest";

/** The proxy's words (apps/gateway/src/proxy/app.ts `unreachable`), shown second under the translated sentence. */
export const UNREACHABLE_DETAIL = "Device unreachable: connection refused (http://127.0.0.1:1)";

/** Every request answers as the proxy does when the device is off: 502 with its danger result. */
export function stubUnreachable(): void {
  const body = JSON.stringify({ type: "danger", message: UNREACHABLE_DETAIL });
  vi.stubGlobal(
    "fetch",
    vi.fn().mockImplementation(() => Promise.resolve(new Response(body, { status: 502 }))),
  );
}
