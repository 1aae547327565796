/**
 * A real Prometheus (Debian's `prometheus`) on loopback scraping one gateway's `/api/prometheus/metrics` every 250 ms,
 * for the tests that check the metrics as Prometheus reads them. Started before the gateway listens: it takes a few
 * seconds to discover its target.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freePort } from "./ports.ts";

export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? "/usr/bin/prometheus";
/** Why Prometheus tests cannot run here ("" when they can). */
export const prometheusMissing = existsSync(PROMETHEUS)
  ? ""
  : `${PROMETHEUS} not installed (Debian package prometheus)`;

export interface TestPrometheus {
  url: string;
  /** One instant query's single value (NaN when the answer is empty), at Prometheus's `time` (s) when given. */
  query(promql: string, time?: number): Promise<number>;
  stop(): void;
}

/** Prometheus with its config and data in `dir`, scraping the gateway that will listen on `target`. */
export async function startPrometheus(dir: string, target: number): Promise<TestPrometheus> {
  const port = await freePort();
  await writeFile(
    join(dir, "prometheus.yml"),
    [
      "global: { scrape_interval: 250ms, scrape_timeout: 200ms }",
      "scrape_configs:",
      "  - job_name: dtu",
      "    metrics_path: /api/prometheus/metrics",
      `    static_configs: [{ targets: ["127.0.0.1:${target}"] }]`,
    ].join("\n"),
  );
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${join(dir, "tsdb")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async query(promql, time) {
      const at = time === undefined ? "" : `&time=${time}`;
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}${at}`);
      const body = (await res.json()) as { data?: { result: { value: [number, string] }[] } };
      return Number(body.data?.result[0]?.value[1] ?? Number.NaN);
    },
    stop: () => void child.kill(),
  };
}
