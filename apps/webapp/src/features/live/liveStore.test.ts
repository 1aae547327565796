import { describe, expect, it, vi } from "vitest";
import { FakeSocket, FakeTimers } from "./fakes";
import { LiveFeed } from "./liveStore";
import { ageAt } from "./merge";
import { doc, inverter, summary } from "./testData";

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A feed on fake timers; `now` gives it a clock of its own (the socket's timers then stay put). */
function setup(answers: (path: string) => unknown, now?: () => number) {
  const timers = new FakeTimers();
  const sockets: FakeSocket[] = [];
  const fetchJson = vi.fn((path: string) => Promise.resolve(structuredClone(answers(path))));
  const feed = new LiveFeed({
    fetchJson: fetchJson as <T>(path: string) => Promise<T>,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    now: now ?? (() => timers.now),
    url: "ws://dtu/livedata",
  });
  /** Live-data GETs so far (the device facts of state.ts are asked besides). */
  const gets = () => fetchJson.mock.calls.filter(([p]) => p.startsWith("/api/livedata/")).length;
  return { feed, timers, sockets, fetchJson, gets };
}

describe("LiveFeed", () => {
  it("loads the GET, then merges socket messages", async () => {
    const { feed, sockets } = setup(() => doc([inverter("A"), inverter("B")]));
    const release = feed.acquire();
    await flush();
    expect(feed.store.get().order).toEqual(["A", "B"]);
    sockets[0]!.open();
    await flush();
    sockets[0]!.message(JSON.stringify(doc([inverter("B", { name: "Changed" })])));
    expect(feed.store.get().inverters.B?.data.name).toBe("Changed");
    expect(feed.store.get().inverters.A).toBeDefined();
    release();
    expect(feed.store.get().connection).toBe("stopped");
  });

  it("re-reads the GET on every reconnect and drops serials it no longer lists", async () => {
    let listed = ["A", "B"];
    const { feed, sockets, timers, fetchJson } = setup(() => doc(listed.map((s) => inverter(s))));
    feed.acquire();
    await flush();
    sockets[0]!.open();
    await flush();
    expect(Object.keys(feed.store.get().inverters).sort()).toEqual(["A", "B"]);
    listed = ["A"];
    sockets[0]!.drop(); // gateway reboot
    expect(feed.store.get().connection).toBe("retrying");
    timers.advance(10_000);
    sockets[1]!.open();
    await flush();
    // start (reused by the first open, which follows at once), the retry after the drop, the reopen 10 s later
    expect(fetchJson.mock.calls.filter(([p]) => p === "/api/livedata/status")).toHaveLength(3);
    expect(Object.keys(feed.store.get().inverters)).toEqual(["A"]);
    expect(feed.store.get().connection).toBe("open");
  });

  it("asks for the GET once per visit: the prefetch is the start's GET and the first open reuses it", async () => {
    const { feed, sockets, timers, fetchJson } = setup(() => doc([inverter("A")]));
    const gets = () => fetchJson.mock.calls.filter(([p]) => p === "/api/livedata/status").length;
    feed.prefetch();
    feed.acquire();
    sockets[0]!.open(); // while the GET is under way
    await flush();
    expect(gets()).toBe(1);
    expect(feed.store.get().order).toEqual(["A"]);
    sockets[0]!.drop();
    await flush();
    expect(gets()).toBe(2); // the retry reads the GET
    timers.advance(10_000);
    sockets[1]!.open(); // 10 s after that answer: the socket may have missed changes
    await flush();
    expect(gets()).toBe(3);
  });

  it("asks nothing at the start when the prefetch has just answered", async () => {
    const { feed, sockets, timers, gets } = setup(() => doc([inverter("A")]));
    feed.prefetch();
    await flush();
    timers.advance(1000);
    feed.acquire();
    sockets[0]!.open();
    await flush();
    expect(gets()).toBe(1);
    expect(feed.store.get().order).toEqual(["A"]);
  });

  it("a stale GET from before a stop is not taken for the next start's", async () => {
    let answer: (v: unknown) => void = () => undefined;
    const { feed, fetchJson, gets } = setup(() => doc([inverter("A")]));
    fetchJson.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    feed.acquire()(); // started and stopped with its GET under way
    feed.acquire();
    expect(gets()).toBe(2);
    answer(doc([inverter("OLD")]));
    await flush();
    expect(feed.store.get().order).toEqual(["A"]);
  });

  it("ages keep growing while disconnected", async () => {
    const { feed, sockets, timers } = setup(() => doc([inverter("A", { data_age: 4 })]));
    feed.acquire();
    await flush();
    sockets[0]!.drop();
    timers.advance(30_000);
    const e = feed.store.get().inverters.A!;
    expect(ageAt(e, timers.now)).toBe(34);
  });

  it("fetches ?inv=<serial> for inverters that arrive in summary form (API.md §9.2)", async () => {
    const { feed, fetchJson } = setup((path) =>
      path.includes("?inv=B")
        ? doc([inverter("B", { name: "Detail B" })])
        : doc([summary("A"), summary("B")]),
    );
    feed.acquire();
    await flush();
    await flush();
    const paths = fetchJson.mock.calls.map(([p]) => p);
    expect(paths).toContain("/api/livedata/status?inv=A");
    expect(paths).toContain("/api/livedata/status?inv=B");
    const s = feed.store.get();
    expect(s.inverters.B?.data.name).toBe("Detail B");
    expect(s.inverters.B?.data.AC).toBeDefined();
    // A's detail answer (the summary again) carries no AC: no loop of requests.
    expect(paths.filter((p) => p === "/api/livedata/status?inv=A")).toHaveLength(1);
  });

  it("ignores a message that is not JSON", async () => {
    const { feed, sockets } = setup(() => doc([inverter("A")]));
    feed.acquire();
    await flush();
    const before = feed.store.get();
    sockets[0]!.open();
    sockets[0]!.message("not json");
    expect(feed.store.get().inverters).toBe(before.inverters);
  });

  it("reports a failing first GET as error", async () => {
    const timers = new FakeTimers();
    const feed = new LiveFeed({
      fetchJson: () => Promise.reject({ message: "boom", status: 500 }),
      createSocket: (url) => new FakeSocket(url),
      timers,
      url: "ws://x/livedata",
    });
    feed.acquire();
    await flush();
    expect(feed.store.get().error).toEqual({ message: "boom", status: 500 });
    expect(feed.store.get().loaded).toBe(false);
  });
});

describe("LiveFeed fallback", () => {
  it("reads the GET at every retry while the socket stays down", async () => {
    let power = 100;
    const { feed, sockets, timers } = setup(() => doc([inverter("A")], power));
    feed.acquire();
    await flush();
    power = 200;
    sockets[0]!.fail(); // refused (e.g. socket auth, API.md §9.4)
    await flush();
    expect(feed.store.get().total?.Power.v).toBe(200);
    timers.advance(10_000);
    power = 300;
    sockets[1]!.fail();
    await flush();
    expect(feed.store.get().total?.Power.v).toBe(300);
  });
});

describe("LiveFeed silent socket and polling state", () => {
  it("reconnects a socket silent for 25 s and shows the banner state meanwhile", async () => {
    const { feed, sockets, timers, gets } = setup(() => doc([inverter("A")]));
    feed.acquire();
    await flush();
    sockets[0]!.open();
    await flush();
    const before = gets();
    timers.advance(25_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(feed.store.get().connection).toBe("retrying");
    await flush();
    expect(gets()).toBe(before + 1); // the retry reads the GET
    timers.advance(10_000);
    sockets[1]!.open();
    expect(feed.store.get().connection).toBe("open");
  });

  it("keeps a silent socket while no inverter is known (later firmware sends nothing then, API.md §9.3)", async () => {
    const { feed, sockets, timers } = setup(() => doc([]));
    feed.acquire();
    await flush();
    sockets[0]!.open();
    timers.advance(120_000);
    expect(sockets[0]!.closed).toBe(false);
    expect(feed.store.get().connection).toBe("open");
  });

  it("polling: true while the socket is refused but the GET answers, false on a failed GET or an open socket", async () => {
    let down = false;
    const timers = new FakeTimers();
    const sockets: FakeSocket[] = [];
    const feed = new LiveFeed({
      fetchJson: <T>() =>
        down ? Promise.reject({ message: "gone", status: 502 }) : Promise.resolve(doc([inverter("A")]) as T),
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      timers,
      url: "ws://dtu/livedata",
    });
    feed.acquire();
    await flush();
    expect(feed.store.get().polling).toBe(false);
    sockets[0]!.fail(); // refused (API.md §9.4)
    expect(feed.store.get().polling).toBe(false); // the GET has not answered yet
    await flush();
    expect(feed.store.get()).toMatchObject({ connection: "retrying", polling: true });
    timers.advance(10_000);
    sockets[1]!.fail();
    await flush();
    expect(feed.store.get().polling).toBe(true);
    down = true; // device gone: the GET fails too
    timers.advance(10_000);
    sockets[2]!.fail();
    await flush();
    expect(feed.store.get()).toMatchObject({ connection: "retrying", polling: false });
    down = false;
    timers.advance(10_000);
    sockets[3]!.fail();
    await flush();
    expect(feed.store.get().polling).toBe(true);
    timers.advance(10_000);
    sockets[4]!.open();
    expect(feed.store.get()).toMatchObject({ connection: "open", polling: false });
    await flush(); // the GET after the open leaves it false
    expect(feed.store.get().polling).toBe(false);
  });
});

describe("LiveFeed device facts (issue 13 items 1, 4)", () => {
  it("dates the device start from the uptime and, with a silent inverter, places the device's sun, at every GET", async () => {
    let uptime = 100;
    let rise = "07:45:00";
    const { feed, timers, sockets, fetchJson } = setup((path) => {
      if (path === "/api/system/status") return { uptime };
      if (path === "/api/ntp/status")
        return {
          ntp_status: true,
          ntp_localtime: "Friday, November 27 2026 01:00:00",
          sun_risetime: `Friday, November 27 2026 ${rise}`,
          sun_settime: "Friday, November 27 2026 16:20:00",
          sun_isSunsetAvailable: true,
          sun_isDayPeriod: false,
        };
      return doc([inverter("A", { reachable: false })]);
    });
    timers.advance(500_000);
    feed.acquire();
    await flush();
    await flush();
    // Device time 01:00 at local 500 s: its sunrise 6 h 45 min later, 8 h 35 min of day.
    expect(feed.store.get().facts).toEqual({
      bootAt: 400_000,
      sun: { rise: 500_000 + 24_300_000, day: 30_900_000 },
    });
    const ntp = () => fetchJson.mock.calls.filter(([p]) => p === "/api/ntp/status").length;
    expect(ntp()).toBe(1);
    // A device restart: the socket drops, the retry's GET brings the new uptime and the sun again.
    uptime = 3;
    rise = "07:46:00";
    sockets[0]!.drop();
    timers.advance(10_000);
    await flush();
    await flush();
    expect(feed.store.get().facts).toEqual({
      bootAt: 507_000,
      sun: { rise: 510_000 + 24_360_000, day: 30_840_000 },
    });
    // Socket messages ask nothing more.
    sockets[0]!.message(JSON.stringify(doc([inverter("A", { poll_enabled: false })])));
    expect(ntp()).toBe(2);
  });

  it("asks for the sun again while an inverter is silent: after a minute without one, else hourly", async () => {
    let synced = false;
    let clock = 0; // the feed's clock alone: no silence watchdog, no retries
    const { feed, sockets, fetchJson } = setup(
      (path) =>
        path === "/api/ntp/status"
          ? {
              ntp_status: synced,
              ntp_localtime: "Friday, November 27 2026 01:00:00",
              sun_risetime: "Friday, November 27 2026 07:45:00",
              sun_settime: "Friday, November 27 2026 16:20:00",
              sun_isSunsetAvailable: true,
              sun_isDayPeriod: true,
            }
          : doc([inverter("A", { reachable: false })]),
      () => clock,
    );
    const ntp = () => fetchJson.mock.calls.filter(([p]) => p === "/api/ntp/status").length;
    const push = async (reachable: boolean) => {
      sockets[0]!.message(JSON.stringify(doc([inverter("A", { reachable })])));
      await flush();
    };
    feed.acquire();
    await flush();
    sockets[0]!.open();
    await flush();
    expect(ntp()).toBe(1);
    expect(feed.store.get().facts.sun).toBeNull(); // a device just restarted: clock not synchronised yet
    clock += 60_000;
    await push(true);
    expect(ntp()).toBe(1); // every inverter answers: the sun does not matter
    synced = true;
    await push(false);
    expect(ntp()).toBe(2);
    expect(feed.store.get().facts.sun).not.toBeNull();
    clock += 59 * 60_000;
    await push(false);
    expect(ntp()).toBe(2);
    clock += 60_000;
    await push(false);
    expect(ntp()).toBe(3);
  });

  it("by day the first value waits for no sun: with every inverter answering the GET asks only the uptime", async () => {
    let answerSun: (() => void) | undefined;
    const { feed, fetchJson } = setup(() => doc([inverter("A")]));
    fetchJson.mockImplementation((path: string) =>
      path === "/api/ntp/status"
        ? new Promise((r) => (answerSun = () => r({ ntp_status: false })))
        : Promise.resolve(path === "/api/system/status" ? { uptime: 100 } : doc([inverter("A")])),
    );
    feed.acquire();
    await flush();
    expect(fetchJson.mock.calls.map(([p]) => p).sort()).toEqual([
      "/api/livedata/status",
      "/api/system/status",
    ]);
    expect(feed.store.get().loaded).toBe(true);
    expect(answerSun).toBeUndefined();
  });

  it("a silent inverter's first document is shown with the sun, so no failed state shows before it", async () => {
    let answerSun: (() => void) | undefined;
    const { feed, fetchJson } = setup(() => undefined);
    fetchJson.mockImplementation((path: string) =>
      path === "/api/ntp/status"
        ? new Promise((r) => (answerSun = () => r({ ntp_status: false })))
        : Promise.resolve(path === "/api/system/status" ? {} : doc([inverter("A", { reachable: false })])),
    );
    feed.acquire();
    await flush();
    expect(answerSun).toBeDefined();
    expect(feed.store.get().loaded).toBe(false);
    answerSun?.();
    await flush();
    expect(feed.store.get()).toMatchObject({ loaded: true, facts: { sun: null } });
  });

  it("a failed fact request leaves the fact unknown", async () => {
    const { feed, fetchJson } = setup(() => doc([inverter("A")]));
    fetchJson.mockImplementation((path: string) =>
      path === "/api/system/status" || path === "/api/ntp/status"
        ? Promise.reject(new Error("401"))
        : Promise.resolve(doc([inverter("A")])),
    );
    feed.acquire();
    await flush();
    await flush();
    expect(feed.store.get().facts).toEqual({});
  });
});
