/**
 * After a successful `POST /api/security/config` through the proxy: the proxy cannot read the new password (the
 * body streams through untouched), so it asks the device whether each session's credentials still log in and
 * drops those the device refuses (a password change). An allow_readonly change keeps them.
 */
import { endpoints } from "@dtu/api/endpoints";
import type { Sessions } from "../security/sessions.ts";

export async function recheckSessions(sessions: Sessions, device: URL, timeoutMs: number): Promise<void> {
  await Promise.all(
    sessions.list().map(async (authorization) => {
      try {
        const res = await fetch(new URL(endpoints.authenticate.path, device), {
          headers: { authorization, "x-requested-with": "XMLHttpRequest" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.body?.cancel();
        if (res.status === 401) sessions.dropWhere((a) => a === authorization);
      } catch {
        // Device unreachable: keep the sessions; the device still checks the credentials on every upgrade.
      }
    }),
  );
}
