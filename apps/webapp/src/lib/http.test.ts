// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { errorText, getJson, postData } from "./http";
import { sessionStore, setSession } from "./session";
import { noticeStore } from "./notify";
import { translate } from "./i18n";
import { UNREACHABLE_DETAIL, stubUnreachable } from "./unanswered.testing";

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

  it("marks the gateway's 502/504 as 'the device did not answer', a device's coded answer not", async () => {
    stubUnreachable();
    await expect(getJson("/api/x")).rejects.toEqual({
      message: UNREACHABLE_DETAIL,
      status: 502,
      unanswered: true,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("", { status: 504, statusText: "Gateway Timeout" })),
    );
    await expect(getJson("/api/x")).rejects.toEqual({
      message: "Gateway Timeout",
      status: 504,
      unanswered: true,
    });
    const coded = '{"type":"warning","message":"busy","code":1}';
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(coded, { status: 502 })));
    await expect(getJson("/api/x")).rejects.toEqual({ message: "busy", status: 502 });
    // The gateway's own history answers 503 when busy: that is not the device.
    const busy = '{"type":"danger","message":"history busy"}';
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(busy, { status: 503 })));
    await expect(getJson("/api/x")).rejects.toEqual({ message: "history busy", status: 503 });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("", { status: 500 })));
    await expect(getJson("/api/x")).rejects.toEqual({ message: "HTTP 500", status: 500 });
  });

  it("says 'the device does not answer' in the page's language, other failures by their message", () => {
    const t = (k: string) => translate("fr", k);
    expect(errorText({ message: "Device unreachable: x", status: 502, unanswered: true }, t)).toBe(
      "L'appareil ne répond pas (la passerelle ne parvient pas à le joindre)",
    );
    expect(errorText({ message: "boom", status: 502 }, t)).toBe("boom");
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
