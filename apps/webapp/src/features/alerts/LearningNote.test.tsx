// @vitest-environment happy-dom
import { afterEach, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { setLocale } from "../../lib/i18n";
import { LearningNote } from "./LearningNote";

afterEach(() => {
  cleanup();
  setLocale("en");
});

const note = () => screen.queryByTestId("alerts-learning")?.textContent ?? null;

it("says in words how far the usual shares are learned, in the page's language; nothing once learned", () => {
  render(<LearningNote learning={{ days: 1, of: 3, since: null }} />);
  expect(note()).toBe(
    "Weak strings: learning the usual share of each string, 1 of 3 days. Until then a weak string raises no alert.",
  );
  cleanup();
  setLocale("de");
  // 24 June 2026, 12:00 UTC: the day of the far move.
  render(<LearningNote learning={{ days: 0, of: 3, since: 1_782_302_400 }} />);
  expect(note()).toMatch(
    /^Schwache Strings: Der Standort wurde am 24\.06\.2026 weit verlegt, .*: 0 von 3 Tagen\./,
  );
  cleanup();
  render(<LearningNote learning={null} />);
  expect(note()).toBeNull();
});
