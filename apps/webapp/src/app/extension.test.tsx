// @vitest-environment happy-dom
/**
 * The app's half of the History hook: the extension points of lib/extension.ts are where the History chunk
 * (history/boot.tsx) expects them. Fails when the menu, the screen or the live totals move away from them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { Page } from "../components/ui/Page";
import { FakeSocket, FakeTimers } from "../features/live/fakes";
import { LiveFeed } from "../features/live/liveStore";
import { LiveView } from "../features/live/LiveView";
import { doc, inverter } from "../features/live/testData";
import { extensionPoints } from "../lib/extension";
import { NavBar } from "./NavBar";

afterEach(cleanup);

describe("extension points", () => {
  it("are the menu, its toggler, the screen and the live view's totals", async () => {
    const timers = new FakeTimers();
    const feed = new LiveFeed({
      fetchJson: <T,>() => Promise.resolve(doc([inverter("A"), inverter("B")]) as T),
      createSocket: (url) => new FakeSocket(url),
      timers,
      now: () => timers.now,
      url: "ws://dtu/livedata",
    });
    const release = feed.acquire();
    await act(() => new Promise((r) => setTimeout(r, 0)));
    render(
      <>
        <NavBar />
        <Page title="Live">
          <LiveView feed={feed} />
        </Page>
      </>,
    );
    const p = extensionPoints();
    expect(p.menu?.tagName).toBe("UL");
    expect(p.menu?.querySelector("a")?.getAttribute("href")).toBe("/");
    expect(p.toggler?.className).toContain("navbar-toggler");
    expect(p.screen?.tagName).toBe("MAIN");
    // The three total cards, nothing of the inverter panels.
    expect(p.totals?.querySelectorAll(":scope > .col .card")).toHaveLength(3);
    expect(p.totals?.textContent).toContain("Total power");
    release();
  });
});
