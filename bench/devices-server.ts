/**
 * Child process of bench/devices.ts: the several-device gateway (apps/gateway/src/multi/) with BENCH_DEVICES
 * simulated devices of BENCH_INVERTERS inverters alone in its own process. IPC: "ready" with the URL and the start
 * time, "stats" (memory after a GC when --expose-gc, CPU time) on request, "close".
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WEB_ROOT } from "./lib.ts";

/** The part of src/multi/devices.ts the bench uses. */
interface DevicesHost {
  server: Server;
  devices: unknown[];
  close(): Promise<void>;
}
type CreateDevicesHost = (opts: Record<string, unknown>) => Promise<DevicesHost>;

const count = Number(process.env.BENCH_DEVICES ?? 10);
const inverters = Number(process.env.BENCH_INVERTERS ?? 4);
const history = process.env.BENCH_HISTORY !== "0";
/** A June noon in Germany (the default location) running at real speed: the fleets produce and push. */
const noon = Date.UTC(2026, 5, 21, 10, 0, 0);
const started = Date.now();
const clock = { now: () => noon + (Date.now() - started) };

// A variable path keeps the bench type check from pulling in the whole gateway source tree (as lib.ts).
const modulePath = "../apps/gateway/src/multi/devices.ts";
const { createDevicesHost } = (await import(modulePath)) as { createDevicesHost: CreateDevicesHost };
const overviewPath = "../apps/gateway/src/multi/overview.ts";
// Its signature as in multi/overview.ts (the variable path means tsc does not check it: keep it in step).
const { buildOverview } = (await import(overviewPath)) as {
  buildOverview: (devices: unknown[], access: readonly "open"[]) => unknown;
};

const gc = (globalThis as { gc?: () => void }).gc;
const memory = (): NodeJS.MemoryUsage => {
  gc?.();
  return process.memoryUsage();
};

const dataDir = await mkdtemp(join(tmpdir(), "dtu-bench-devices-"));
const specs = Array.from({ length: count }, (_, i) => ({ name: `dev${i + 1}`, target: "sim" }));
const t0 = performance.now();
const host = await createDevicesHost({
  specs,
  dataDir,
  simInverters: inverters,
  ...(history ? { history: { rawDays: 14 } } : {}),
  sim: { webRoot: WEB_ROOT, clock },
});
const startMs = performance.now() - t0;
await new Promise<void>((done) => host.server.listen(0, "127.0.0.1", done));
const port = (host.server.address() as AddressInfo).port;

/** Milliseconds of `n` overview builds each, without HTTP: the handler's own cost, apart from waiting for a CPU. */
function buildTimes(n: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    // Every device readable, as the bench's open devices are to its requests.
    buildOverview(
      host.devices,
      host.devices.map(() => "open" as const),
    );
    times.push(performance.now() - t);
  }
  return times;
}

type Request = { type: "stats" } | { type: "build"; n: number } | { type: "close" };
process.on("message", (m: Request) => {
  if (m.type === "stats") {
    process.send?.({ type: "stats", memory: memory(), cpu: process.cpuUsage() });
  } else if (m.type === "build") {
    process.send?.({ type: "build", times: buildTimes(m.n) });
  } else if (m.type === "close") {
    void host
      .close()
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .then(() => process.exit(0));
  }
});
process.send?.({ type: "ready", baseUrl: `http://127.0.0.1:${port}`, startMs });
