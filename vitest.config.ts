import { defineConfig } from "vitest/config";

// One runner for every level; each project owns one folder (see the README of each).
export default defineConfig({
  test: {
    // Most test time is waiting (servers, sockets, simulated reboots, the browser), not computing: more files at a
    // time than the default of one per spare core (which is 1 on a 2-core machine) cut the wall time by about half.
    maxWorkers: 4,
    // Unit files share their worker's module cache instead of importing React, the gateway and the test libraries
    // again for every file: measured in the cgroup of the run, the webapp project took 58 s CPU isolated and 26 s
    // shared, gateway+api 108 s and 57 s. Files must not depend on each other's module state (checked with
    // `--sequence.shuffle`), and vi.mock works only on our own modules (a package another file of the worker imported
    // first stays unmocked). The browser files keep their isolation (each has its own gateway and browser).
    projects: [
      { test: { name: "api", include: ["packages/api/**/*.test.ts"], isolate: false } },
      {
        test: {
          name: "gateway",
          include: ["apps/gateway/**/*.test.ts"],
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The gateway build's code is a superset of the device build's (apps/webapp/src/env.d.ts): test all of it.
        define: { __GATEWAY_BUILD__: "true" },
        test: {
          name: "webapp",
          include: ["apps/webapp/src/**/*.test.{ts,tsx}", "apps/webapp/scripts/*.test.ts"],
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          // One Chromium for all browser files (e2e/browser.ts): each file connects and uses its own contexts.
          globalSetup: ["e2e/browser.ts"],
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
