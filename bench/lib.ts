/** Shared by the benchmarks: the in-process gateway, the bench fleet, statistics, Chromium. */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("..", import.meta.url));
export const WEB_ROOT = join(REPO, "webapp_dist");
/** Factory default login (API.md §2). */
export const ADMIN_AUTH = `Basic ${Buffer.from("admin:openDTU42").toString("base64")}`;

/** The part of buildApp's result the benchmarks use (apps/gateway/src/app.ts). */
export interface GatewayApp {
  listen(opts: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
  sockets: { clientCount(path: string): number };
}
/** Options passed to buildApp; `maxLiveClients` is asked for by bench:gateway and ignored if unknown. */
export interface GatewayOptions {
  dataDir: string;
  webRoot?: string;
  maxLiveClients?: number;
  /** Production history on (bench:history-load); off by default as in tests. */
  history?: { rawDays?: number };
}
type BuildApp = (opts: GatewayOptions) => Promise<GatewayApp>;

export interface RunningGateway {
  app: GatewayApp;
  baseUrl: string;
  close(): Promise<void>;
}

/** The real gateway on 127.0.0.1:0 with a fresh data dir, serving webapp_dist. */
export async function startGateway(extra: Partial<GatewayOptions> = {}): Promise<RunningGateway> {
  if (!existsSync(join(WEB_ROOT, "index.html.gz"))) {
    throw new Error(`${WEB_ROOT}/index.html.gz missing: run \`npm run build\` first`);
  }
  const dataDir = extra.dataDir ?? (await mkdtemp(join(tmpdir(), "dtu-bench-data-")));
  // A variable path keeps the bench type check from pulling in the whole gateway source tree (as e2e/harness.ts).
  const appModule = "../apps/gateway/src/app.ts";
  const { buildApp } = (await import(appModule)) as { buildApp: BuildApp };
  const app = await buildApp({ dataDir, webRoot: WEB_ROOT, ...extra });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    baseUrl: address.replace("0.0.0.0", "127.0.0.1"),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Ten inverters of mixed families (API.md §4.1 serial prefixes): HM 1/2/4 strings, HMS 1/2/4, HMT 4/6.
 * Names sort like their order, so the first panel is "Bench 01".
 */
export const MIXED_FLEET = [
  { serial: "112112345601", name: "Bench 01" }, // HM-1CH
  { serial: "114112345602", name: "Bench 02" }, // HM-2CH
  { serial: "116112345603", name: "Bench 03" }, // HM-4CH
  { serial: "112412345604", name: "Bench 04" }, // HMS-1CH
  { serial: "114412345605", name: "Bench 05" }, // HMS-2CH
  { serial: "116412345606", name: "Bench 06" }, // HMS-4CH
  { serial: "136112345607", name: "Bench 07" }, // HMT-4CH
  { serial: "138212345608", name: "Bench 08" }, // HMT-6CH
  { serial: "112512345609", name: "Bench 09" }, // HMS-1CHv2
  { serial: "138212345610", name: "Bench 10" }, // HMT-6CH
] as const;

/** POST in the device's form (API.md §3.0: field `data` holding JSON), as admin. */
export async function postData(
  baseUrl: string,
  path: string,
  data: unknown,
): Promise<{ type: string; code?: number }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: ADMIN_AUTH, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
  });
  return (await res.json()) as { type: string; code?: number };
}

/**
 * Replaces the configured inverters (a fresh data dir comes with two) by `fleet` through the API: POST
 * /api/inverter/del for every listed slot, then /api/inverter/add (API.md §3.9). Throws on any non-success answer.
 */
export async function setFleet(
  baseUrl: string,
  fleet: readonly { serial: string; name: string }[],
): Promise<void> {
  const list = (await (
    await fetch(`${baseUrl}/api/inverter/list`, { headers: { authorization: ADMIN_AUTH } })
  ).json()) as { inverter: { id: number }[] };
  for (const { id } of list.inverter) {
    const r = await postData(baseUrl, "/api/inverter/del", { id });
    if (r.type !== "success") throw new Error(`inverter/del ${id}: ${JSON.stringify(r)}`);
  }
  for (const inv of fleet) {
    const r = await postData(baseUrl, "/api/inverter/add", inv);
    if (r.type !== "success") throw new Error(`inverter/add ${inv.serial}: ${JSON.stringify(r)}`);
  }
}

/** Nearest-rank percentile of an unsorted list (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A numeric command-line option `--name=value` of a bench script, or its default. */
export const numArg = (name: string, dflt: number): number => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split("=")[1]) : dflt;
};

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
