// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

const GOOD = btoa("admin:openDTU42");

function authCookie(): string | undefined {
  return document.cookie
    .split("; ")
    .find((c) => c.startsWith("dtu_auth="))
    ?.slice("dtu_auth=".length);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
});

describe("dtu_auth cookie (socket credentials, API.md §2.3)", () => {
  it("is set on login and removed on logout", async () => {
    const { login, logout } = await import("./session");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("")));
    await login("admin", "openDTU42");
    expect(authCookie()).toBe(GOOD);
    logout();
    expect(authCookie() ?? "").toBe("");
  });

  it("is removed when the session is cleared by a 401 and after a failed login", async () => {
    const { login, setSession } = await import("./session");
    const { getJson } = await import("./http");
    setSession({ username: "admin", authdata: GOOD });
    expect(authCookie()).toBe(GOOD);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("", { status: 401 })));
    await expect(getJson("/api/system/status")).rejects.toBeDefined();
    expect(authCookie() ?? "").toBe("");
    setSession({ username: "admin", authdata: GOOD });
    await expect(login("admin", "nope")).rejects.toMatchObject({ status: 401 });
    expect(authCookie() ?? "").toBe("");
  });

  it("is restored from a session stored before this page load", async () => {
    localStorage.setItem("user", JSON.stringify({ username: "admin", authdata: GOOD }));
    document.cookie = "dtu_auth=;path=/;max-age=0";
    await import("./session");
    expect(authCookie()).toBe(GOOD);
  });
});
