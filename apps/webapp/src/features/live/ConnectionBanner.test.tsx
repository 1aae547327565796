// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { ConnectionBanner } from "./ConnectionBanner";
import { FakeSocket, FakeTimers } from "./fakes";
import { LiveFeed } from "./liveStore";
import { doc, inverter } from "./testData";

afterEach(cleanup);

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

function makeFeed(getWorks: () => boolean) {
  const timers = new FakeTimers();
  const sockets: FakeSocket[] = [];
  const feed = new LiveFeed({
    fetchJson: <T,>() =>
      getWorks() ? Promise.resolve(doc([inverter("A")]) as T) : Promise.reject({ message: "x", status: 502 }),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    url: "ws://dtu/livedata",
  });
  return { feed, sockets, timers };
}

describe("ConnectionBanner", () => {
  it("says live updates are unavailable while the GET keeps the values fresh, connection lost when it fails", async () => {
    let works = true;
    const { feed, sockets, timers } = makeFeed(() => works);
    const release = feed.acquire();
    await flush();
    render(<ConnectionBanner feed={feed} />);
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => sockets[0]!.fail());
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Live updates unavailable; refreshing every 10 s.");
    works = false;
    act(() => timers.advance(10_000));
    act(() => sockets[1]!.fail());
    await flush();
    expect(screen.getByRole("alert").textContent).toMatch(/^Connection to the device lost/);
    act(() => timers.advance(10_000));
    act(() => sockets[2]!.open());
    expect(screen.queryByRole("alert")).toBeNull();
    release();
  });

  it("shows the banner when an open socket goes silent for 25 s", async () => {
    const { feed, sockets, timers } = makeFeed(() => true);
    const release = feed.acquire();
    await flush(); // one inverter known: pushes are due at least every 10 s
    act(() => sockets[0]!.open());
    await flush();
    render(<ConnectionBanner feed={feed} />);
    act(() => timers.advance(24_000));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => timers.advance(1_000));
    expect(screen.getByRole("alert")).toBeTruthy();
    release();
  });
});
