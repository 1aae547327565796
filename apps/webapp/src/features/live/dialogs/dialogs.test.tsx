// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { sampleDeviceInfo } from "@dtu/api/samples";
import { DeviceInfoDialog } from "./DeviceInfoDialog";
import { EventLogDialog } from "./EventLogDialog";
import { GridProfileDialog } from "./GridProfileDialog";
import { LimitDialog } from "./LimitDialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SERIAL = "114182123456";
const json = (v: unknown) => new Response(JSON.stringify(v), { status: 200 });

/** Routes fetch by path; records the `data` field of every POST. */
function stubFetch(routes: Record<string, unknown | ((n: number) => unknown)>) {
  const posts: { path: string; data: unknown }[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = String(url);
    if (init?.method === "POST") {
      const data: unknown = JSON.parse(String((init.body as FormData).get("data")));
      posts.push({ path, data });
      const r = routes[`POST ${path}`];
      return Promise.resolve(json(typeof r === "function" ? r(posts.length) : r));
    }
    const r = routes[path];
    return Promise.resolve(r === undefined ? new Response("", { status: 404 }) : json(r));
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, posts };
}

describe("EventLogDialog", () => {
  it("asks with the locale and shows start/stop as hh:mm:ss and messages as text", async () => {
    const { fetchMock } = stubFetch({
      [`/api/eventlog/status?inv=${SERIAL}&locale=en`]: {
        count: 1,
        events: [{ message_id: 1, message: "<b>Inverter start</b>", start_time: 25230, end_time: 0 }],
      },
    });
    render(<EventLogDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    await screen.findByText("<b>Inverter start</b>");
    expect(screen.getByText("07:00:30")).toBeTruthy();
    expect(screen.getByText("00:00:00")).toBeTruthy();
    expect(screen.getByText("1 entry")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("DeviceInfoDialog", () => {
  it("decodes versions and production date; shows no info when valid_data is false", async () => {
    stubFetch({
      [`/api/devinfo/status?inv=${SERIAL}`]: sampleDeviceInfo,
    });
    render(<DeviceInfoDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    await screen.findByText("HM-800");
    expect(screen.getByText("1.0.12")).toBeTruthy();
    expect(screen.getByText("0.1.4")).toBeTruthy();
    expect(screen.getByText("2022")).toBeTruthy();
    expect(screen.getByText("21")).toBeTruthy();
    cleanup();
    stubFetch({ [`/api/devinfo/status?inv=${SERIAL}`]: { valid_data: false, fw_build_version: 0 } });
    render(<DeviceInfoDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    await screen.findByText("No information available yet.");
  });
});

describe("GridProfileDialog", () => {
  it("shows the bytes as hex, and no info when all are zero", async () => {
    stubFetch({
      [`/api/gridprofile/status?inv=${SERIAL}`]: { raw: [13, 0, 32, 255, ...new Array(137).fill(0)] },
    });
    render(<GridProfileDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    expect((await screen.findByLabelText("Grid profile bytes (hex)")).textContent).toMatch(/^0D 00 20 FF 00/);
    cleanup();
    stubFetch({ [`/api/gridprofile/status?inv=${SERIAL}`]: { raw: new Array(141).fill(0) } });
    render(<GridProfileDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    await screen.findByText("No information available yet.");
  });

  it("shows decoded sections of later firmware and fetches the bytes from rawdata", async () => {
    const { fetchMock } = stubFetch({
      [`/api/gridprofile/status?inv=${SERIAL}`]: {
        name: "XX - Example",
        version: "2.0.4",
        sections: [{ name: "Voltage", items: [{ n: "Upper limit", u: "V", v: 253 }] }],
      },
      [`/api/gridprofile/rawdata?inv=${SERIAL}`]: { raw: [1, 2] },
    });
    render(<GridProfileDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    await screen.findByText("Upper limit");
    expect(screen.getByText("Voltage")).toBeTruthy();
    expect((await screen.findByLabelText("Grid profile bytes (hex)")).textContent).toBe("01 02");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("decodes the bytes itself when the device's decoded sections are all empty, keeping its name and version", async () => {
    const u16 = (v: number) => [v >> 8, v & 0xff];
    const profile = [0x03, 0x00, 0x21, 0x05, 0x00, 0x00, ...[2300, 1840, 30, 2645, 1].flatMap(u16)];
    stubFetch({
      [`/api/gridprofile/status?inv=${SERIAL}`]: {
        name: "Device name",
        version: "9.9.9",
        sections: [{ name: "Voltage", items: [] }],
      },
      [`/api/gridprofile/rawdata?inv=${SERIAL}`]: {
        raw: [...profile, ...new Array(141 - profile.length).fill(0)],
      },
    });
    render(<GridProfileDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    await screen.findByText("Nominal voltage");
    expect(screen.getByText("230")).toBeTruthy();
    expect(screen.getByText(/Device name/).textContent).toBe("Device name (version 9.9.9)");
  });

  it("shows the device's name and version even when neither it nor the bytes give sections", async () => {
    stubFetch({
      [`/api/gridprofile/status?inv=${SERIAL}`]: { name: "Only a name", version: "1.0.0", sections: [] },
      [`/api/gridprofile/rawdata?inv=${SERIAL}`]: { raw: [] },
    });
    render(<GridProfileDialog serial={SERIAL} name="Roof" onClose={() => undefined} />);
    expect((await screen.findByText(/Only a name/)).textContent).toBe("Only a name (version 1.0.0)");
  });
});

describe("LimitDialog", () => {
  it("validates the seed ranges, sends 256 for absolute persistent, retries 5003 with 2, closes on success", async () => {
    const { posts } = stubFetch({
      "/api/limit/status": { [SERIAL]: { limit_relative: 100, max_power: 0, limit_set_status: "Pending" } },
      "POST /api/limit/config": (n: number) =>
        n === 1
          ? { type: "warning", message: "Invalid type specification!", code: 5003 }
          : { type: "success", message: "Settings saved!", code: 1001 },
    });
    const onClose = vi.fn();
    render(<LimitDialog serial={SERIAL} name="Roof" onClose={onClose} />);
    await screen.findByText("Pending");
    const value = screen.getByLabelText<HTMLInputElement>("New limit");
    await waitFor(() => expect(value.value).toBe("100"));
    fireEvent.change(screen.getByLabelText("Kind of limit"), { target: { value: "absolute" } });
    expect(screen.getByText(/about 4 minutes/)).toBeTruthy();
    fireEvent.change(value, { target: { value: "2251" } });
    expect(screen.getByText("Enter a value from 10 to 2250 W.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Set limit" }));
    expect(posts).toHaveLength(0);
    fireEvent.change(value, { target: { value: "2250" } });
    fireEvent.click(screen.getByLabelText(/persistent/));
    fireEvent.click(screen.getByRole("button", { name: "Set limit" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts.map((p) => p.data)).toEqual([
      { serial: SERIAL, limit_value: 2250, limit_type: 256 },
      { serial: SERIAL, limit_value: 2250, limit_type: 2 },
    ]);
  });

  it("shows a dash and prefills nothing for an inverter never read (its 0 is the device's placeholder)", async () => {
    stubFetch({
      "/api/limit/status": { [SERIAL]: { limit_relative: 0, max_power: 800, limit_set_status: "Ok" } },
    });
    render(<LimitDialog serial={SERIAL} name="Roof" onClose={() => undefined} read={false} />);
    await screen.findByText("Ok");
    expect(screen.getByText("— %")).toBeTruthy();
    expect(screen.queryByText("0 %")).toBeNull();
    expect(screen.queryByText("0 W")).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>("New limit").value).toBe("");
  });

  it("shows a server warning and stays open", async () => {
    stubFetch({
      "/api/limit/status": { [SERIAL]: { limit_relative: 50, max_power: 800, limit_set_status: "Ok" } },
      "POST /api/limit/config": { type: "warning", message: "Invalid inverter specified!", code: 5004 },
    });
    const onClose = vi.fn();
    render(<LimitDialog serial={SERIAL} name="Roof" onClose={onClose} />);
    await screen.findByText("Ok");
    expect(screen.getByText("400 W")).toBeTruthy();
    const value = screen.getByLabelText<HTMLInputElement>("New limit");
    await waitFor(() => expect(value.value).toBe("50"));
    fireEvent.click(screen.getByRole("button", { name: "Set limit" }));
    await screen.findByRole("alert");
    expect(onClose).not.toHaveBeenCalled();
  });
});
