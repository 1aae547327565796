import { describe, expect, it } from "vitest";
import { deviceHref, inDevice, thisDevice, topBase } from "./devices";

describe("several devices: where things are, seen from a page (issue 24 §4)", () => {
  it("a device's page knows the top level, its own name and the others' addresses", () => {
    expect(inDevice("/d/garage/")).toBe(true);
    expect(topBase("/d/garage/")).toBe("/");
    expect(thisDevice("/d/garage/")).toBe("garage");
    expect(deviceHref("roof", "/d/garage/")).toBe("/d/roof/");
    // Behind a proxy prefix in front of the gateway, everything stays under it.
    expect(topBase("/solar/d/roof/")).toBe("/solar/");
    expect(deviceHref("garage", "/solar/d/roof/")).toBe("/solar/d/garage/");
  });

  it("the top level and a one-device prefix are no device of several", () => {
    for (const b of ["/", "/solar/"]) {
      expect(inDevice(b)).toBe(false);
      expect(thisDevice(b)).toBeNull();
      expect(topBase(b)).toBe(b);
    }
    expect(deviceHref("roof", "/")).toBe("/d/roof/");
  });
});
