/**
 * One headless Chromium for the whole browser-test run: started by vitest's globalSetup (this file's default
 * export, see vitest.config.ts) as a Playwright browser server; every test file connects to it with
 * `connectBrowser()` and works in browser contexts of its own (own storage, cookies, routes). A launch costs about
 * 3 s of CPU on this 2-core machine (measured in a cgroup), and the suite used to launch one per file.
 * A file run without the globalSetup (another config, a script) launches a browser of its own instead.
 */
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
// The machine's Chromium and its flags, one list for the benchmarks and the browser tests.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../bench/lib.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** WebSocket endpoint of the shared browser server, empty when there is none. */
    chromiumEndpoint: string;
  }
}

/** The shared browser if the run has one, else a browser of this file's own (closed by browser.close()). */
export async function connectBrowser(): Promise<Browser> {
  const endpoint = inject("chromiumEndpoint");
  if (endpoint) return chromium.connect(endpoint);
  // Playwright gives a launched browser a temporary profile of its own and removes it on close.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** globalSetup: start the server before the first file, stop it after the last. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
