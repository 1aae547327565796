/** Test helper: the live view on a feed whose GETs answer by path, after its first answers arrived. */
import { act, render } from "@testing-library/react";
import { FakeSocket, FakeTimers } from "./fakes";
import { LiveFeed } from "./liveStore";
import { LiveView } from "./LiveView";

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

/** `answers`: path → the device's answer (a fresh copy each time). Returns the feed's release. */
export async function renderLiveView(answers: Record<string, unknown>): Promise<() => void> {
  const feed = new LiveFeed({
    fetchJson: <T,>(path: string) => Promise.resolve(structuredClone(answers[path]) as T),
    createSocket: (url) => new FakeSocket(url),
    timers: new FakeTimers(),
    url: "ws://dtu/livedata",
  });
  const release = feed.acquire();
  // The GET, then the device facts it asks for.
  await flush();
  await flush();
  render(<LiveView feed={feed} />);
  return release;
}
