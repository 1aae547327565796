import { describe, expect, it } from "vitest";
import { routeFrom, socketUrl, under } from "./base";

describe("base path (issue 24 §3)", () => {
  it("at / (the device) every path stays as it is", () => {
    expect(under("/api/livedata/status", "/")).toBe("/api/livedata/status");
    expect(under("/", "/")).toBe("/");
    expect(routeFrom("/info/ntp", "/")).toBe("/info/ntp");
    expect(routeFrom("/", "/")).toBe("/");
  });

  it("under a prefix, paths go under it and routes come back without it", () => {
    expect(under("/api/livedata/status", "/d/garage/")).toBe("/d/garage/api/livedata/status");
    expect(under("/", "/solar/")).toBe("/solar/");
    expect(under("/login?returnUrl=%2F", "/solar/")).toBe("/solar/login?returnUrl=%2F");
    expect(routeFrom("/d/garage/info/ntp", "/d/garage/")).toBe("/info/ntp");
    expect(routeFrom("/d/garage/", "/d/garage/")).toBe("/");
    // A path outside the base (another device's) is not mistaken for a route of this one.
    expect(routeFrom("/d/roof/info/ntp", "/d/garage/")).toBe("/d/roof/info/ntp");
  });

  it("sockets: ws or wss by the page protocol, same host, under the base", () => {
    expect(socketUrl({ protocol: "http:", host: "dtu:8080" }, "/livedata", "/")).toBe(
      "ws://dtu:8080/livedata",
    );
    expect(socketUrl({ protocol: "https:", host: "dtu" }, "/console", "/")).toBe("wss://dtu/console");
    expect(socketUrl({ protocol: "https:", host: "gw" }, "/livedata", "/d/roof/")).toBe(
      "wss://gw/d/roof/livedata",
    );
  });
});
