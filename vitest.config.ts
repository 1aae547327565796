import { defineConfig } from "vitest/config";

// One runner for every level; each project owns one folder (see the README of each).
export default defineConfig({
  test: {
    projects: [
      { test: { name: "api", include: ["packages/api/**/*.test.ts"] } },
      { test: { name: "gateway", include: ["apps/gateway/**/*.test.ts"], testTimeout: 20000 } },
      { test: { name: "webapp", include: ["apps/webapp/src/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          testTimeout: 60000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
