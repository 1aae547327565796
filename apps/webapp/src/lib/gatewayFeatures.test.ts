import { describe, expect, it } from "vitest";
import { featuresOf } from "./gatewayFeatures";

describe("the server's offer (GET /api/gateway/features)", () => {
  it("takes the flags it knows when they are true", () => {
    expect(featuresOf({ history: true })).toEqual({ history: true, alerts: false, devices: false });
    expect(featuresOf({ history: false, alerts: true })).toEqual({
      history: false,
      alerts: true,
      devices: false,
    });
    expect(featuresOf({ history: true, alerts: true, fleet: true })).toEqual({
      history: true,
      alerts: true,
      devices: false,
    });
    expect(featuresOf({ devices: true })).toEqual({ history: false, alerts: false, devices: true });
  });

  it("adds a flag newer servers may leave out (zero export, meter) only when it is true", () => {
    expect(featuresOf({ zeroexport: true, meter: true })).toEqual({
      history: false,
      alerts: false,
      devices: false,
      meter: true,
      zeroexport: true,
    });
    expect(featuresOf({ zeroexport: "true", meter: false })).toEqual({
      history: false,
      alerts: false,
      devices: false,
    });
  });

  it("reads anything else as nothing offered: a device's index page, a wrong type, no answer", () => {
    for (const answer of [
      null,
      undefined,
      "<!doctype html>",
      1,
      [],
      { history: "true" },
      { alerts: 1 },
      { history: 1 },
    ])
      expect(featuresOf(answer), JSON.stringify(answer)).toEqual({
        history: false,
        alerts: false,
        devices: false,
      });
  });

  it("keeps the meter's optional flag only when it is true (issue 31: absent from servers without a meter)", () => {
    expect(featuresOf({ history: true, meter: true })).toEqual({
      history: true,
      alerts: false,
      devices: false,
      meter: true,
    });
    expect(featuresOf({ meter: false })).not.toHaveProperty("meter");
    expect(featuresOf({ meter: "true" })).not.toHaveProperty("meter");
  });
});
