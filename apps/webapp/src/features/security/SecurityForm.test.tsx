// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SecurityForm } from "./SecurityForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const initial = { password: "openDTU42", allow_readonly: true };

describe("SecurityForm", () => {
  it("prefills the repeat; a mismatch shows 'Passwords are not equal' and sends nothing", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<SecurityForm initial={initial} />);
    const repeat = screen.getByLabelText<HTMLInputElement>("Repeat password");
    expect(repeat.value).toBe("openDTU42");
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "new-secret-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Passwords are not equal")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a short password at the field without sending", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<SecurityForm initial={initial} />);
    for (const label of ["Password", "Repeat password"]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: "short" } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("At least 8 characters.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the whole object; the device's refusal shows translated at the password, focused (issue 11)", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(
        new Response(JSON.stringify({ type: "warning", message: "x", code: 10001, param: { max: 64 } })),
      );
    vi.stubGlobal("fetch", fetchMock);
    render(<SecurityForm initial={initial} />);
    for (const label of ["Password", "Repeat password"]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: "long-enough-pw" } });
    }
    fireEvent.click(screen.getByLabelText("Allow read-only access without a password"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const message = await screen.findByText("The password must have between 8 and 64 characters.");
    const field = screen.getByLabelText<HTMLInputElement>("Password");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(field));
    // At the field instead of an alert at the bottom.
    expect(screen.queryByRole("alert")).toBeNull();
    const body = (fetchMock.mock.calls[0]?.[1] as RequestInit).body as FormData;
    expect(JSON.parse(String(body.get("data")))).toEqual({
      password: "long-enough-pw",
      allow_readonly: false,
    });
    expect(field.value).toBe("long-enough-pw");
  });
});
