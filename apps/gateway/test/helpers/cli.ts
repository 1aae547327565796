/**
 * The gateway CLI (src/server.ts) as a child process, for the tests of its options and start-up messages.
 * Each start compiles the sources through tsx: at load average 11 that took over 20 s, so the tests that use it
 * take CLI_TIMEOUT — bounded, but generous, since they wait for events, never for a fixed time.
 */
import { spawn, type ChildProcess } from "node:child_process";

export const CLI_TIMEOUT = 90_000;
const server = new URL("../../src/server.ts", import.meta.url).pathname;

export interface Cli {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Resolves once the output matches; rejects with the output after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Cli {
  const child = spawn(process.execPath, ["--import", "tsx", server, ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return {
    child,
    output: () => out,
    exited,
    waitForOutput(pattern, timeoutMs = CLI_TIMEOUT - 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (!m) return;
          done();
          resolve(m);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms; output:\n${out}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}
