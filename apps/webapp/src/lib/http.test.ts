// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { getJson, postData } from "./http";
import { sessionStore, setSession } from "./session";
import { noticeStore } from "./notify";

/** Where the app navigated to (lib/router's navigate pushes onto the history). */
const here = () => location.pathname + location.search;

beforeEach(() => {
  // Start each test without notices: a notice of an earlier test would expire (5 s timer) mid-test under load.
  noticeStore.set([]);
  history.replaceState(null, "", "/info/system?x=1");
  // A session change asks the server once (session.ts); this answers it until a test stubs its own fetch.
  vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("")));
  // Start logged out: the session store is module state, shared with other files of the same worker.
  setSession(null);
});
afterEach(() => vi.unstubAllGlobals());

describe("http client", () => {
  it("sends X-Requested-With and the stored Basic credentials", async () => {
    setSession({ username: "admin", authdata: "YWRtaW46eA==" });
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"ok":true}'));
    vi.stubGlobal("fetch", fetchMock);
    expect(await getJson<{ ok: boolean }>("/api/x")).toEqual({ ok: true });
    const headers = (fetchMock.mock.calls[0]?.[1] as RequestInit).headers as Record<string, string>;
    expect(headers["X-Requested-With"]).toBe("XMLHttpRequest");
    expect(headers.Authorization).toBe("Basic YWRtaW46eA==");
  });

  it("on 401 clears the session, announces it and goes to the login with the current path", async () => {
    setSession({ username: "admin", authdata: "YWRtaW46eA==" });
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("", { status: 401, statusText: "Unauthorized" })),
    );
    await expect(getJson("/api/x")).rejects.toEqual({ message: "Unauthorized", status: 401 });
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(noticeStore.get().some((n) => n.key === "common.loggedOut")).toBe(true);
    expect(here()).toBe("/login?returnUrl=%2Finfo%2Fsystem%3Fx%3D1");
  });

  it("on 401 without a session goes to the login without saying 'logged out'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("", { status: 401, statusText: "Unauthorized" })),
    );
    const before = noticeStore.get().length;
    await expect(getJson("/api/x")).rejects.toEqual({ message: "Unauthorized", status: 401 });
    expect(noticeStore.get().length).toBe(before);
    expect(here()).toBe("/login?returnUrl=%2Finfo%2Fsystem%3Fx%3D1");
  });

  it("takes the error message from a JSON body, else the status text", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response('{"message":"boom"}', { status: 500 })));
    await expect(getJson("/api/x")).rejects.toEqual({ message: "boom", status: 500 });
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("", { status: 404, statusText: "Not Found" })),
    );
    await expect(getJson("/api/x")).rejects.toEqual({ message: "Not Found", status: 404 });
  });

  it("posts the body as JSON in the form field data (API.md §3.0)", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response('{"type":"success","message":"ok","code":1001}'));
    vi.stubGlobal("fetch", fetchMock);
    await postData("/api/dtu/config", { serial: "1", pollinterval: 5 });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe("POST");
    expect(JSON.parse((init.body as FormData).get("data") as string)).toEqual({
      serial: "1",
      pollinterval: 5,
    });
  });
});
