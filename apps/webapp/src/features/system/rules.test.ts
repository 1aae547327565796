import { describe, expect, it } from "vitest";
import {
  compareUrl,
  firmwareUrl,
  nrfType,
  parseFirmwareRef,
  radioState,
  splitUptime,
  toKb,
  updateStateFrom,
  usagePercent,
  UPSTREAM,
} from "./rules";

describe("firmware version parsing (SEED §4)", () => {
  it("keeps a plain tag as the ref", () => {
    expect(parseFirmwareRef("v23.11.16")).toEqual({ ref: "v23.11.16", isHash: false });
  });
  it("strips the leading g of a bare hash", () => {
    expect(parseFirmwareRef("g0a1b2c3")).toEqual({ ref: "0a1b2c3", isHash: true });
  });
  it("takes the part after the last hyphen, skipping one character", () => {
    expect(parseFirmwareRef("v23.11.16-12-gdeadbee")).toEqual({ ref: "deadbee", isHash: true });
    expect(parseFirmwareRef("v24.1.4-rc-1-gabc1234")).toEqual({ ref: "abc1234", isHash: true });
  });
  it("builds the compare and link URLs from the ref", () => {
    expect(compareUrl("v23.11.16-3-g1234abc")).toBe(`${UPSTREAM.compareApi}/1234abc...HEAD`);
    expect(compareUrl("v23.11.16")).toBe(`${UPSTREAM.compareApi}/v23.11.16...HEAD`);
    expect(firmwareUrl("g1234abc")).toBe(`${UPSTREAM.commitUrl}/1234abc`);
    expect(firmwareUrl("v23.11.16")).toBe(`${UPSTREAM.tagUrl}/v23.11.16`);
  });
});

describe("update check answer", () => {
  it("reads total_commits and html_url", () => {
    expect(updateStateFrom({ total_commits: 5, html_url: "https://x/compare" })).toEqual({
      kind: "behind",
      commits: 5,
      url: "https://x/compare",
    });
    expect(updateStateFrom({ total_commits: 0, html_url: "https://x" })).toEqual({ kind: "current" });
  });
  it("treats anything else as an error", () => {
    expect(updateStateFrom({ message: "Not Found" })).toEqual({ kind: "error" });
    expect(updateStateFrom(null)).toEqual({ kind: "error" });
    expect(updateStateFrom("x")).toEqual({ kind: "error" });
  });
});

describe("memory (SEED §9)", () => {
  it("rounds bytes/1024 to kB", () => {
    expect(toKb(0)).toBe(0);
    expect(toKb(511)).toBe(0);
    expect(toKb(512)).toBe(1);
    expect(toKb(291532)).toBe(285);
    expect(toKb(1966080)).toBe(1920);
  });
  it("rounds the usage percent and gives 0 for a zero total", () => {
    expect(usagePercent(148210, 291532)).toBe(51);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(5, 0)).toBe(0);
  });
});

describe("uptime", () => {
  it("splits seconds into days, hours and minutes", () => {
    expect(splitUptime(86523)).toEqual({ d: 1, h: 0, m: 2 });
    expect(splitUptime(3 * 86400 + 5 * 3600 + 59 * 60 + 59)).toEqual({ d: 3, h: 5, m: 59 });
    expect(splitUptime(59)).toEqual({ d: 0, h: 0, m: 0 });
  });
});

describe("radio badges (SEED §4)", () => {
  it("shows connected, not connected or nothing", () => {
    expect(radioState(true, true)).toBe("connected");
    expect(radioState(true, false)).toBe("notConnected");
    expect(radioState(false, true)).toBeUndefined();
    expect(radioState(false, false)).toBeUndefined();
  });
  it("names the nRF24 chip type", () => {
    expect(nrfType(true, true)).toBe("plus");
    expect(nrfType(true, false)).toBe("plain");
    expect(nrfType(false, true)).toBe("unknown");
  });
});
