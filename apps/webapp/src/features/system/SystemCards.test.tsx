// @vitest-environment happy-dom
import { SystemStatus } from "@dtu/api/system";
import { cleanup, render, screen } from "@testing-library/react";
import { parseStrict } from "@dtu/api/strict";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { SystemCards } from "./SystemCards";

// API.md §3.19 example (v23.11.16 keys only).
const base: SystemStatus = {
  hostname: "OpenDTU-3A5F1C",
  sdkversion: "v4.4.4",
  cpufreq: 240,
  heap_total: 291532,
  heap_used: 148210,
  sketch_total: 1966080,
  sketch_used: 1512448,
  littlefs_total: 262144,
  littlefs_used: 20480,
  chiprevision: 3,
  chipmodel: "ESP32-D0WDQ6",
  chipcores: 2,
  resetreason_0: "Software reset CPU",
  resetreason_1: "Vbat power on reset",
  cfgsavecount: 17,
  config_version: "0.1.25",
  git_hash: "v23.11.16-4-gabc1234",
  pioenv: "generic_esp32",
  uptime: 86523,
  nrf_configured: true,
  nrf_connected: true,
  nrf_pvariant: false,
  cmt_configured: true,
  cmt_connected: false,
};

const row = (label: string) => screen.getByText(label, { selector: "th" }).parentElement!;

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("{}", { status: 403 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("shows the v23.11.16 keys and hides every later-firmware row", async () => {
  render(<SystemCards s={base} />);
  expect(row("Host name").textContent).toContain("OpenDTU-3A5F1C");
  expect(row("Uptime").textContent).toContain("1 d 0 h 2 min");
  expect(row("Heap").textContent).toContain("145 kB"); // used 148210 B
  expect(row("Heap").textContent).toContain("285 kB");
  expect(row("Heap").textContent).toContain("51 %");
  expect(row("nRF24 chip type").textContent).toBe("nRF24 chip typenRF24L01");
  expect(row("CMT2300A chip").textContent).toContain("Not connected");
  for (const later of [
    "CPU temperature",
    "Flash size",
    "PSRAM",
    "Tasks",
    "Branch",
    "Largest free heap block",
  ])
    expect(screen.queryByText(later)).toBeNull();
  // The compare API is asked for the hash after the last "-g"; a 403 gives the grey error badge.
  expect(vi.mocked(fetch).mock.calls[0]?.[0]).toMatch(/\/compare\/abc1234\.\.\.HEAD$/);
  expect((await screen.findByText("Version check failed")).className).toContain("text-bg-secondary");
});

it("shows later-firmware keys when present (API.md §9.16)", async () => {
  render(
    <SystemCards
      s={{
        ...base,
        cputemp: null,
        flashsize: 8388608,
        psram_total: 2097152,
        psram_used: 1048576,
        heap_max_block: 65524,
        git_branch: "master",
        task_details: [{ name: "loopTask", stack_watermark: 2980, priority: 1 }],
      }}
    />,
  );
  expect(row("CPU temperature").textContent).toContain("Not available");
  expect(row("Flash size").textContent).toContain("8,192 kB");
  expect(row("PSRAM").textContent).toContain("50 %");
  expect(row("Largest free heap block").textContent).toContain("64 kB");
  expect(row("Branch").textContent).toContain("master");
  expect(screen.getByText("loopTask")).toBeTruthy();
  await screen.findByText("Version check failed");
});

it("the fixture is an answer the contract accepts (strict SystemStatus schema)", () => {
  expect(() => parseStrict(SystemStatus, base)).not.toThrow();
});
