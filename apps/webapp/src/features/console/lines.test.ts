import { describe, expect, it } from "vitest";
import { prefixChunk, timePrefix, trimLog } from "./lines";
import { ConsoleSocket, PING_MS, type SocketLike } from "./socket";

const P = "T > ";

describe("console line prefixing (API.md §3.3, §9.4)", () => {
  it("prefixes each complete line once, CRLF and LF alike", () => {
    expect(prefixChunk("a\r\nb\r\n", true, P)).toEqual({ text: "T > a\nT > b\n", atLineStart: true });
    expect(prefixChunk("I (1) x: a\nE (2) y: b\n", true, P)).toEqual({
      text: "T > I (1) x: a\nT > E (2) y: b\n",
      atLineStart: true,
    });
  });

  it("gives a line split across frames a single prefix", () => {
    const a = prefixChunk("Fetch inv", true, P);
    expect(a).toEqual({ text: "T > Fetch inv", atLineStart: false });
    const b = prefixChunk("erter: 1141\r\nRequest", a.atLineStart, "U > ");
    expect(b).toEqual({ text: "erter: 1141\nU > Request", atLineStart: false });
    const c = prefixChunk("\r\n", b.atLineStart, "V > ");
    expect(c).toEqual({ text: "\n", atLineStart: true });
  });

  it("handles a CRLF cut between the CR and the LF", () => {
    const a = prefixChunk("one\r", true, P);
    expect(a).toEqual({ text: "T > one", atLineStart: false });
    const b = prefixChunk("\ntwo\r\n", a.atLineStart, P);
    expect(b).toEqual({ text: "\nT > two\n", atLineStart: true });
  });

  it("keeps empty lines without a prefix", () => {
    expect(prefixChunk("a\n\nb\n", true, P).text).toBe("T > a\n\nT > b\n");
  });

  it("formats the local time as hh:mm:ss.mmm", () => {
    expect(timePrefix(new Date(2024, 5, 2, 7, 3, 9, 45))).toBe("07:03:09.045 > ");
  });

  it("trims old whole lines", () => {
    expect(trimLog("aaa\nbbb\nccc\n", 8)).toBe("ccc\n");
    expect(trimLog("short", 8)).toBe("short");
  });
});

describe("ConsoleSocket", () => {
  function setup() {
    const made: (SocketLike & {
      sent: string[];
      closed: boolean;
      readyState: number;
      url: string;
      emit: (text: string) => void;
    })[] = [];
    let tick: (() => void) | undefined;
    let cleared = false;
    const s = new ConsoleSocket("ws://h/console", {
      connect(url, onText) {
        const ws = {
          url,
          emit: onText,
          readyState: 0,
          sent: [] as string[],
          closed: false,
          send(d: string) {
            this.sent.push(d);
          },
          close() {
            this.closed = true;
            this.readyState = 3;
          },
        };
        made.push(ws);
        return ws;
      },
      setInterval(fn, ms) {
        expect(ms).toBe(PING_MS);
        tick = fn;
        return 1;
      },
      clearInterval: () => {
        cleared = true;
      },
      now: () => new Date(2024, 0, 1, 12, 0, 0, 5),
    });
    return { s, made, tick: () => tick?.(), cleared: () => cleared };
  }

  it("pings an open socket and reconnects one that is not open", () => {
    const { s, made, tick } = setup();
    s.start();
    expect(made).toHaveLength(1);
    made[0]!.readyState = 1;
    tick();
    expect(made[0]!.sent).toEqual(["ping"]);
    expect(made).toHaveLength(1);
    made[0]!.readyState = 3;
    tick();
    expect(made).toHaveLength(2);
    expect(made[0]!.closed).toBe(true);
    expect(made[1]!.url).toBe("ws://h/console");
  });

  it("feeds prefixed frames into its store and stops cleanly", () => {
    const { s, made, cleared } = setup();
    s.start();
    made[0]!.emit("hello\r\nwor");
    made[0]!.emit("ld\r\n");
    expect(s.text.get()).toBe("12:00:00.005 > hello\n12:00:00.005 > world\n");
    s.clear();
    expect(s.text.get()).toBe("");
    s.stop();
    expect(cleared()).toBe(true);
    expect(made[0]!.closed).toBe(true);
  });
});
