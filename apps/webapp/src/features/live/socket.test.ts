import { describe, expect, it } from "vitest";
import { FakeSocket, FakeTimers } from "./fakes";
import { LiveSocket, type ConnectionState, type LiveSocketOptions } from "./socket";

function setup(extra: Partial<LiveSocketOptions> = {}) {
  const timers = new FakeTimers();
  const sockets: FakeSocket[] = [];
  const texts: string[] = [];
  const states: ConnectionState[] = [];
  let opens = 0;
  let retries = 0;
  const ls = new LiveSocket({
    url: "ws://dtu/livedata",
    create: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    onText: (t) => texts.push(t),
    onState: (s) => states.push(s),
    onOpen: () => opens++,
    onRetry: () => retries++,
    ...extra,
  });
  return { timers, sockets, texts, states, ls, opens: () => opens, retries: () => retries };
}

describe("LiveSocket", () => {
  it("connects, passes messages on and reports its state", () => {
    const { ls, sockets, texts, states, opens } = setup();
    ls.start();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe("ws://dtu/livedata");
    sockets[0]?.open();
    sockets[0]?.message('{"inverters":[]}');
    expect(texts).toEqual(['{"inverters":[]}']);
    expect(states).toEqual(["connecting", "open"]);
    expect(ls.state).toBe("open");
    expect(opens()).toBe(1);
  });

  it("sends ping every 59 s, restarted by each message", () => {
    // Silence is no reason to close here (no inverter on later firmware: nothing is pushed, API.md §9.3).
    const { ls, sockets, timers } = setup({ expectMessages: () => false });
    ls.start();
    const s = sockets[0]!;
    s.open();
    timers.advance(58_000);
    expect(s.sent).toEqual([]);
    s.message('{"a":1}'); // restarts the 59 s
    timers.advance(58_000);
    expect(s.sent).toEqual([]);
    timers.advance(1_000);
    expect(s.sent).toEqual(["ping"]);
    timers.advance(59_000);
    expect(s.sent).toEqual(["ping", "ping"]);
  });

  it("closes on a message of exactly {} and reconnects after 10 s", () => {
    const { ls, sockets, timers, texts, states } = setup();
    ls.start();
    sockets[0]!.open();
    sockets[0]!.message("{}");
    expect(sockets[0]!.closed).toBe(true);
    expect(texts).toEqual([]);
    expect(ls.state).toBe("retrying");
    timers.advance(9_999);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(states).toEqual(["connecting", "open", "retrying", "open"]);
  });

  it("does not treat other short texts as the reconnect signal", () => {
    const { ls, sockets, texts } = setup();
    ls.start();
    sockets[0]!.open();
    sockets[0]!.message("{ }");
    expect(sockets[0]!.closed).toBe(false);
    expect(texts).toEqual(["{ }"]);
  });

  it("retries every 10 s after a close or error until the gateway is back, scheduling one retry per failure", () => {
    const { ls, sockets, timers, opens } = setup();
    ls.start();
    sockets[0]!.open();
    sockets[0]!.fail(); // error + close: one retry only
    expect(timers.pending).toBe(1);
    timers.advance(10_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.fail(); // gateway still rebooting
    timers.advance(10_000);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(ls.state).toBe("open");
    expect(opens()).toBe(2);
  });

  it("stops: closes the socket, cancels timers, ignores late events", () => {
    const { ls, sockets, timers } = setup();
    ls.start();
    sockets[0]!.open();
    ls.stop();
    expect(sockets[0]!.closed).toBe(true);
    expect(timers.pending).toBe(0);
    sockets[0]!.drop();
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(ls.state).toBe("stopped");
  });

  it("treats an open socket silent for 25 s as dead: closes it, reconnects after 10 s", () => {
    const { ls, sockets, timers, states, retries, opens } = setup();
    ls.start();
    const s = sockets[0]!;
    s.open();
    timers.advance(10_000);
    s.message('{"inverters":[]}'); // restarts the 25 s
    timers.advance(24_999);
    expect(s.closed).toBe(false);
    expect(ls.state).toBe("open");
    timers.advance(1);
    expect(s.closed).toBe(true);
    expect(ls.state).toBe("retrying"); // the page shows its banner meanwhile
    expect(retries()).toBe(1);
    // Late events of the dropped socket change nothing.
    s.message('{"inverters":[]}');
    s.drop();
    expect(retries()).toBe(1);
    timers.advance(9_999);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(ls.state).toBe("open");
    expect(opens()).toBe(2);
    expect(states).toEqual(["connecting", "open", "retrying", "open"]);
  });

  it("keeps getting messages every 10 s without being closed", () => {
    const { ls, sockets, timers } = setup();
    ls.start();
    sockets[0]!.open();
    for (let i = 0; i < 12; i++) {
      timers.advance(10_000);
      sockets[0]!.message('{"inverters":[]}');
    }
    expect(sockets[0]!.closed).toBe(false);
    expect(sockets).toHaveLength(1);
    expect(ls.state).toBe("open");
  });

  it("gives up a handshake that does not complete within 25 s", () => {
    const { ls, sockets, timers } = setup();
    ls.start();
    timers.advance(25_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(ls.state).toBe("retrying");
    timers.advance(10_000);
    expect(sockets).toHaveLength(2);
  });

  it("asks whether messages are expected each time the silence runs out", () => {
    let expected = false;
    const { ls, sockets, timers } = setup({ expectMessages: () => expected });
    ls.start();
    sockets[0]!.open();
    timers.advance(60_000);
    expect(sockets[0]!.closed).toBe(false);
    expected = true; // an inverter was added: pushes are due now
    timers.advance(25_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(ls.state).toBe("retrying");
  });
});
