// @vitest-environment happy-dom
import { parseStrict } from "@dtu/api/strict";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { InverterEntry } from "@dtu/api/settings";
import { EditModal } from "./EditModal";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry: InverterEntry = {
  id: 3,
  name: "Garage",
  order: 1,
  serial: "116482345678",
  poll_enable: true,
  poll_enable_night: false,
  command_enable: true,
  command_enable_night: false,
  reachable_threshold: 3,
  zero_runtime: true,
  zero_day: true,
  clear_eventlog: true,
  yieldday_correction: true,
  type: "HMS-1600/1800/2000-4T",
  channel: [{ name: "West", max_power: 500, yield_total_offset: 0 }],
};

function posted(fetchMock: ReturnType<typeof vi.fn>): Record<string, unknown> {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
  return JSON.parse(String((init.body as FormData).get("data"))) as Record<string, unknown>;
}

describe("inverter edit dialog", () => {
  it("posts the whole entry back with natural JSON types, later-firmware keys kept (API.md §9.0, §9.9)", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response('{"type":"success","code":4007,"message":"Inverter changed!"}'));
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = vi.fn();
    render(<EditModal entry={entry} others={[]} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Garage 2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted(fetchMock)).toEqual({ ...entry, name: "Garage 2" });
    expect(typeof posted(fetchMock).serial).toBe("string");
  });

  it("keeps the dialog and everything typed when the gateway refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response('{"type":"warning","code":4006,"message":"Invalid amount"}')),
    );
    const onSaved = vi.fn();
    render(<EditModal entry={entry} others={[]} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Kept" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("alert");
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Kept");
  });

  it("refuses a serial that another slot already has, at the field, and sends nothing (issue 11)", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<EditModal entry={entry} others={["114182123456"]} onClose={() => undefined} onSaved={vi.fn()} />);
    const serial = screen.getByLabelText("Serial number");
    fireEvent.change(serial, { target: { value: "0114182123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("This serial number is already configured.");
    expect(serial.getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

it("the fixture is an answer the contract accepts (strict InverterEntry schema)", () => {
  expect(() => parseStrict(InverterEntry, entry)).not.toThrow();
});
