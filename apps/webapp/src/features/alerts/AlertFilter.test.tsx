// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { AlertFilter } from "./AlertFilter";

afterEach(cleanup);

it("applies open/all and a date range, and refuses a range that ends before it starts at the end date", () => {
  const apply = vi.fn();
  render(<AlertFilter value={{ state: "open", from: "", to: "" }} onApply={apply} />);
  fireEvent.change(screen.getByLabelText("Alerts"), { target: { value: "all" } });
  fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-06-10" } });
  fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-06-01" } });
  fireEvent.click(screen.getByRole("button", { name: "Show" }));
  expect(apply).not.toHaveBeenCalled();
  expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByText("The end date is before the start date.")).toBeTruthy();
  fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-06-12" } });
  fireEvent.click(screen.getByRole("button", { name: "Show" }));
  expect(apply).toHaveBeenCalledWith({ state: "all", from: "2026-06-10", to: "2026-06-12" });
});
