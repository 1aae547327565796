import { expect, it } from "vitest";
import { parseDeviceTime } from "./deviceTime";

it("reads the device's English time format with the same wall-clock parts", () => {
  expect(parseDeviceTime("Sunday, June 02 2024 14:03:07")).toEqual(new Date(2024, 5, 2, 14, 3, 7));
  expect(parseDeviceTime("Thursday, January 01 1970 00:00:12")).toEqual(new Date(1970, 0, 1, 0, 0, 12));
  expect(parseDeviceTime("Monday, December 31 2029 23:59:00")).toEqual(new Date(2029, 11, 31, 23, 59, 0));
});

it("gives undefined for anything else", () => {
  expect(parseDeviceTime("--")).toBeUndefined();
  expect(parseDeviceTime("Sunday, Juin 02 2024 14:03:07")).toBeUndefined();
  expect(parseDeviceTime("")).toBeUndefined();
});
