// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const GOOD = btoa("admin:openDTU42");

// Each test loads the session module as a page load does: not the copy another file of this worker loaded
// (vitest.config.ts `isolate: false`).
beforeEach(() => vi.resetModules());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
});

/** Each call to the fake fetch as "METHOD path [Authorization]". */
function recordFetch(status = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init: RequestInit = {}) => {
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      calls.push(`${init.method ?? "GET"} ${path}${auth ? ` ${auth}` : ""}`);
      return Promise.resolve(new Response("", { status }));
    }),
  );
  return calls;
}

describe("server session for the sockets (our addition, API.md §2.3)", () => {
  it("writes no cookie at all: the gateway's HttpOnly cookie is not script business", async () => {
    const calls = recordFetch();
    const { login, logout } = await import("./session");
    await login("admin", "openDTU42");
    expect(document.cookie).toBe("");
    logout();
    expect(document.cookie).toBe("");
    // One login request (which carries the cookie back), then the logout of our own path.
    expect(calls).toEqual([`GET /api/security/authenticate Basic ${GOOD}`, "POST /gateway/logout"]);
  });

  it("shows credentials stored before this page load to the server once, so its cookie follows", async () => {
    localStorage.setItem("user", JSON.stringify({ username: "admin", authdata: GOOD }));
    const calls = recordFetch();
    await import("./session");
    expect(calls).toEqual([`GET /api/security/authenticate Basic ${GOOD}`]);
  });

  it("re-authenticates after a password change and drops the session on a 401", async () => {
    const calls = recordFetch();
    const { login, setSession } = await import("./session");
    const { getJson } = await import("./http");
    await login("admin", "openDTU42");
    const next = btoa("admin:n3w-secret");
    setSession({ username: "admin", authdata: next });
    expect(calls.at(-1)).toBe(`GET /api/security/authenticate Basic ${next}`);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("", { status: 401 })));
    await expect(getJson("/api/system/status")).rejects.toBeDefined();
    const fetchMock = vi.mocked(fetch);
    expect(
      fetchMock.mock.calls.map((c) => `${(c[1] as RequestInit).method ?? "GET"} ${String(c[0])}`),
    ).toEqual(["GET /api/system/status", "POST /gateway/logout"]);
  });

  it("a failed login leaves no session and asks nothing more", async () => {
    const calls = recordFetch(401);
    const { login, sessionStore } = await import("./session");
    await expect(login("admin", "nope")).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
