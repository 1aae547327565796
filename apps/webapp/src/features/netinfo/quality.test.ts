import { expect, it } from "vitest";
import { signalQuality } from "./quality";

it("maps RSSI to quality per SEED §4", () => {
  expect(signalQuality(-120)).toBe(0);
  expect(signalQuality(-100)).toBe(0);
  expect(signalQuality(-99)).toBe(2);
  expect(signalQuality(-61)).toBe(78);
  expect(signalQuality(-51)).toBe(98);
  expect(signalQuality(-50)).toBe(100);
  expect(signalQuality(-20)).toBe(100);
});
