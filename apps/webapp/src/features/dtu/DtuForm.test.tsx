// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { sampleDtuConfigLater } from "@dtu/api/samples";
import { DtuForm } from "./DtuForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const later = {
  ...sampleDtuConfigLater,
  serial: "199980154321",
  pollinterval: 7,
  nrf_palevel: 1,
  cmt_enabled: true,
  cmt_palevel: 5,
};

describe("DtuForm", () => {
  it("with cmt_country shows MHz and posts Hz, never kHz (API.md §9.10)", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response('{"type":"success","message":"Settings saved!","code":1001}'));
    vi.stubGlobal("fetch", fetchMock);
    render(<DtuForm initial={later} />);
    const freq = screen.getByLabelText<HTMLInputElement>("Frequency");
    expect(freq.value).toBe("866.25");
    fireEvent.change(freq, { target: { value: "868.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Settings saved.");
    const body = (fetchMock.mock.calls[0]?.[1] as RequestInit).body as FormData;
    expect(JSON.parse(String(body.get("data")))).toEqual({ ...later, cmt_frequency: 868500000 });
  });

  it("refuses an off-step frequency at the field without sending", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<DtuForm initial={later} />);
    fireEvent.change(screen.getByLabelText("Frequency"), { target: { value: "868.3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Allowed: 860.25 to 923.5 MHz in steps of 250 kHz.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("marks every mistake at once, focuses the first and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<DtuForm initial={later} />);
    fireEvent.change(screen.getByLabelText("DTU serial number"), { target: { value: "12a" } });
    fireEvent.change(screen.getByLabelText("Poll interval"), { target: { value: "0" } });
    fireEvent.change(screen.getAllByLabelText("Transmit power")[1] as HTMLElement, {
      target: { value: "21" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Digits only, please.")).toBeTruthy();
    expect(screen.getAllByText(/^Allowed: /)).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("DTU serial number")));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the device's refusal at its field (2002 at the poll interval, issue 11)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response('{"type":"warning","message":"x","code":2002}')),
    );
    render(<DtuForm initial={later} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const poll = screen.getByLabelText("Poll interval");
    await waitFor(() => expect(poll.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(poll.getAttribute("aria-describedby") ?? "")?.textContent).not.toBe("x");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
