import { defineConfig } from "vitest/config";

// One runner for every level; each project owns one folder (see the README of each).
export default defineConfig({
  test: {
    // Most test time is waiting (servers, sockets, simulated reboots, the browser), not computing: more files at a
    // time than the default of one per spare core (which is 1 on a 2-core machine) cut the wall time by about half.
    maxWorkers: 4,
    projects: [
      { test: { name: "api", include: ["packages/api/**/*.test.ts"] } },
      {
        test: {
          name: "gateway",
          include: ["apps/gateway/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: "webapp", include: ["apps/webapp/src/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          // Each file has its own gateway on an ephemeral port, data dir and browser, so files run side by side.
          // Generous but bounded: a busy machine (several test runs at once) slows pages down several times.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // expect.poll waits 1 s by default: too short for a page on a busy machine.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
