import { LOGOUT_PATH, endpoints } from "@dtu/api/endpoints";
import { StorageKey, readStorage, writeStorage } from "./storage";
import { under } from "./base";
import { createStore, useStore } from "./store";
import { unanswered } from "./unanswered";

/** Stored session (SEED §3): `user` in localStorage with the encoded Basic credentials. */
export interface SessionUser {
  username: string;
  /** base64("user:password"), sent as `Authorization: Basic <authdata>` (API.md §2). */
  authdata: string;
}

function load(): SessionUser | null {
  const raw = readStorage(StorageKey.user);
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as Partial<SessionUser>;
    return typeof u.authdata === "string" ? { username: u.username ?? "admin", authdata: u.authdata } : null;
  } catch {
    return null;
  }
}

/** The current user, or null when logged out. Components read it with useSession(). */
export const sessionStore = createStore<SessionUser | null>(load());

/** The credentials the server's session cookie was last asked for. */
let cookieFor: string | null = null;

/** GET /api/security/authenticate (API.md §3.14) with these credentials; its answer sets the session cookie. */
function authenticate(authdata: string): Promise<Response> {
  cookieFor = authdata;
  return fetch(under(endpoints.authenticate.path), {
    headers: { "X-Requested-With": "XMLHttpRequest", Authorization: `Basic ${authdata}` },
  });
}

/**
 * Our addition (API.md §2.3, §9.4): a browser WebSocket cannot send credentials, so the gateway and the proxy set an
 * HttpOnly session cookie when a login succeeds, which this script never sees. Credentials the store holds without
 * such a login (stored before this page load, or changed with the password) are shown to the server once so the
 * cookie follows; leaving the session tells the server to drop it (a real device ignores both).
 */
function syncServerSession(): void {
  const a = sessionStore.get()?.authdata ?? null;
  if (a === cookieFor) return;
  cookieFor = a;
  // Logged out here only when there was a session (a === cookieFor returned above otherwise).
  (a ? authenticate(a) : fetch(under(LOGOUT_PATH), { method: "POST" })).catch(() => undefined);
}
syncServerSession();
sessionStore.subscribe(syncServerSession);

// Another tab logging in or out changes the same key.
globalThis.addEventListener?.("storage", (e: StorageEvent) => {
  if (e.key === StorageKey.user) sessionStore.set(load());
});

export function useSession(): SessionUser | null {
  return useStore(sessionStore);
}

export function useLoggedIn(): boolean {
  return useSession() !== null;
}

export function authHeader(): string | null {
  const u = sessionStore.get();
  return u ? `Basic ${u.authdata}` : null;
}

/** btoa only takes Latin-1; encode UTF-8 first so any password character survives. */
export function encodeCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Stores the session, or removes it with null. */
export function setSession(user: SessionUser | null): void {
  writeStorage(StorageKey.user, user && JSON.stringify(user));
  sessionStore.set(user);
}

export const clearSession = (): void => setSession(null);

/**
 * Checks credentials with GET /api/security/authenticate (API.md §3.14) and stores them on success.
 * Throws an HttpError on failure; the caller shows its message.
 */
export async function login(username: string, password: string): Promise<void> {
  const authdata = encodeCredentials(username, password);
  const res = await authenticate(authdata);
  if (!res.ok) {
    clearSession();
    throw {
      message: res.status === 401 ? "Invalid credentials" : res.statusText,
      status: res.status,
      // A device refuses a login with 401: a 502 or 504 here is the proxy's (lib/unanswered.ts), a 503 the overview's
      // "a device did not answer" (apps/gateway/src/multi/top.ts) or a stopped device's (multi/host.ts).
      ...(__GATEWAY_BUILD__ && (unanswered(res.status) || res.status === 503) && { unanswered: true }),
    };
  }
  setSession({ username, authdata });
}

export const logout = clearSession;
