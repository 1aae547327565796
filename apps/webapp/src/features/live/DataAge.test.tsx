// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { DataAge } from "./DataAge";
import { inverter } from "./testData";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("DataAge", () => {
  it("ticks every second from the age at receipt and adds the local time above 300 s", () => {
    vi.useFakeTimers();
    const t0 = new Date(2026, 5, 21, 12, 0, 0).getTime();
    vi.setSystemTime(t0);
    const entry = { data: inverter("A", { data_age: 298 }), receivedAt: t0, ageAtReceiptMs: 298_000 };
    render(<DataAge entry={entry} />);
    expect(screen.getByText("Data age 298 s")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText("Data age 300 s")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    // 301 s old at 12:00:03 → data from 11:55:02 local time.
    expect(screen.getByText(/^Data age 301 s \(from .*11:55:02.*\)$/)).toBeTruthy();
  });
});
