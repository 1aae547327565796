/** The session table (src/security/sessions.ts) on an injected clock: idle expiry, the cap, cookie handling. */
import { describe, expect, it } from "vitest";
import { createSessions, sessionToken, withoutSessionCookie } from "../../src/security/sessions.ts";
import { manualClock } from "./helpers.ts";

describe("sessions", () => {
  it("live 12 h after their last use, renewed by each use", () => {
    const clock = manualClock();
    const s = createSessions(clock);
    const token = s.create("Basic x");
    clock.advance(11 * 3_600_000);
    expect(s.get(token)).toBe("Basic x");
    clock.advance(12 * 3_600_000);
    expect(s.get(token)).toBe("Basic x");
    clock.advance(12 * 3_600_000 + 1);
    expect(s.get(token)).toBeUndefined();
  });

  it("keep at most 64, dropping the least recently used", () => {
    const s = createSessions(manualClock());
    const first = s.create("Basic first");
    const second = s.create("Basic second");
    expect(s.get(first)).toBe("Basic first");
    for (let i = 0; i < 63; i++) s.create(`Basic ${i}`);
    expect(s.size()).toBe(64);
    expect(s.get(second)).toBeUndefined();
    expect(s.get(first)).toBe("Basic first");
  });

  it("tokens are 256 random bits, never the same", () => {
    const s = createSessions(manualClock());
    const tokens = new Set(Array.from({ length: 50 }, () => s.create("Basic x")));
    expect(tokens.size).toBe(50);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("finds the token among other cookies, ignores junk, and strips it for the device", () => {
    const token = "A".repeat(43);
    expect(sessionToken({ cookie: `a=1; dtu_session=${token}; b=2` })).toBe(token);
    expect(sessionToken({ cookie: "dtu_session=abc\r\nX: 1" })).toBeUndefined();
    expect(sessionToken({ cookie: `dtu_sessionx=${token}` })).toBeUndefined();
    expect(withoutSessionCookie(`a=1; dtu_session=${token}; b=2`)).toBe("a=1; b=2");
    expect(withoutSessionCookie(`dtu_session=${token}`)).toBeUndefined();
    expect(withoutSessionCookie(undefined)).toBeUndefined();
  });
});
