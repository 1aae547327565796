/**
 * After a successful `POST /api/security/config` through the proxy: the proxy cannot read the new password (the
 * body streams through untouched), so it asks the device whether each session's credentials still log in and
 * drops those the device refuses (a password change). An allow_readonly change keeps them. Open sockets are asked
 * about the same way: each is closed when the device now refuses its credentials, or, opened without any, when it
 * now refuses anonymous live data (issue 21 item 5).
 */
import { endpoints } from "@dtu/api/endpoints";
import { drain } from "../lib/drain.ts";
import type { OpenSockets } from "../security/openSockets.ts";
import type { Sessions } from "../security/sessions.ts";

export async function recheckSessions(sessions: Sessions, device: URL, timeoutMs: number): Promise<void> {
  await Promise.all(
    sessions.list().map(async (authorization) => {
      try {
        const res = await fetch(new URL(endpoints.authenticate.path, device), {
          headers: { authorization, "x-requested-with": "XMLHttpRequest" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await drain(res);
        if (res.status === 401) sessions.dropWhere((a) => a === authorization);
      } catch {
        // Device unreachable: keep the sessions; the device still checks the credentials on every upgrade.
      }
    }),
  );
}

export async function recheckSockets(open: OpenSockets, device: URL, timeoutMs: number): Promise<void> {
  await Promise.all(
    open.authorizations().map(async (authorization) => {
      // Anonymous sockets: does the device still give live data without credentials? Else: do these still log in?
      const path = authorization === undefined ? endpoints.liveStatus.path : endpoints.authenticate.path;
      try {
        const res = await fetch(new URL(path, device), {
          headers: { ...(authorization ? { authorization } : {}), "x-requested-with": "XMLHttpRequest" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await drain(res);
        if (res.status === 401) open.closeWhere((a) => a === authorization);
      } catch {
        // Device unreachable: its sockets end by themselves; nothing to decide.
      }
    }),
  );
}
