// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type * as Router from "./router";
import type * as Http from "./http";
import type * as Storage from "./storage";

// The router, http and the session store read the base once, when loaded: load them under a page whose <base> a
// gateway set (issue 24 §3), as /d/garage/info/ntp is served.
let router: typeof Router;
let http: typeof Http;
let storage: typeof Storage;
beforeAll(async () => {
  document.head.innerHTML = '<base href="/d/garage/">';
  history.replaceState(null, "", "/d/garage/info/ntp");
  vi.resetModules();
  router = await import("./router");
  http = await import("./http");
  storage = await import("./storage");
});
afterAll(() => {
  cleanup();
  document.head.innerHTML = "";
  history.replaceState(null, "", "/");
  vi.unstubAllGlobals();
  // The project shares modules between files (no isolation): later files must load them at `/` again.
  vi.resetModules();
});

function Where() {
  return <output>{router.useLocation()}</output>;
}

describe("under a base path", () => {
  it("routes are read without the base, links and navigation put it back", () => {
    // Where the page was opened; another test of this file may have moved on (a 401 goes to the login).
    history.replaceState(null, "", "/d/garage/info/ntp");
    render(
      <>
        <router.Link href="/settings/dtu">DTU</router.Link>
        <Where />
      </>,
    );
    expect(screen.getByRole("status").textContent).toBe("/info/ntp");
    expect(screen.getByText("DTU").getAttribute("href")).toBe("/d/garage/settings/dtu");
    fireEvent.click(screen.getByText("DTU"));
    expect(location.pathname).toBe("/d/garage/settings/dtu");
    expect(screen.getByRole("status").textContent).toBe("/settings/dtu");
    act(() => router.navigate("/?x=1"));
    expect(location.pathname + location.search).toBe("/d/garage/?x=1");
    expect(screen.getByRole("status").textContent).toBe("/");
  });

  it("requests go under the base, and a 401 sends to this device's login with the route to come back to", async () => {
    const fetch = vi.fn().mockResolvedValue(new Response("{}", { status: 401 }));
    vi.stubGlobal("fetch", fetch);
    router.navigate("/settings/dtu?tab=2");
    await expect(http.getJson("/api/dtu/config")).rejects.toMatchObject({ status: 401 });
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/d/garage/api/dtu/config");
    expect(location.pathname).toBe("/d/garage/login");
    expect(new URLSearchParams(location.search).get("returnUrl")).toBe("/settings/dtu?tab=2");
  });

  it("the login is kept under a key of its own, apart from another device's and the device's own `user`", () => {
    expect(storage.StorageKey.user).toBe("user /d/garage/");
  });
});
