/**
 * History reads off the event loop (issue 21 item 3): the API's queries, the serialising of their answers (JSON or
 * CSV) and the backup copy run in a worker thread with its own read-only connection (readWorker.ts), so 16 clients
 * reading years of history cannot hold up the device API. Bounded: one query at a time in the worker (the machine
 * has 2 cores), and after each the worker rests as long as it took, so history gets at most half a core and the
 * device API the rest; at most `maxQueued` waiting (more get "busy"); each answered within `timeoutMs` of its
 * arrival or refused. A query that overruns ends its worker (SQLite cannot be interrupted from outside) and the next
 * request starts a fresh one.
 */
import { Worker } from "node:worker_threads";
import type { HistoryInterval } from "@dtu/api/history";
import type { PosixTz } from "../time/posixTz.ts";

/** JSON, or the CSV download (csv.ts). */
export type ReadFormat = "json" | "csv";

export type ReadRequest = { id: number; zone: PosixTz } & (
  | { op: "power"; args: [date: string, serial: string | null, format: ReadFormat, nowMs?: number] }
  | {
      op: "energy";
      args: [from: string, to: string, interval: HistoryInterval, serial: string | null, format: ReadFormat];
    }
  | { op: "info"; args: [nowMs: number] }
  | { op: "last"; args: [] }
  | { op: "backup"; args: [target: string] }
);
type Op = ReadRequest["op"];
type ArgsOf<O extends Op> = Extract<ReadRequest, { op: O }>["args"];
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** A read refused because of load or time (the API answers 503 with the message). */
export class ReadBusy extends Error {}

export interface ReadOptions {
  /** Queries waiting beyond the running one (default 32). */
  maxQueued?: number;
  /** Time limit per query from its arrival (default 5 s); the backup gets `backupTimeoutMs` (default 120 s). */
  timeoutMs?: number;
  backupTimeoutMs?: number;
}

interface Job {
  req: ReadRequest;
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** Jobs waiting or running when history closes: each refused at once, its timer stopped. */
function refuseAll(jobs: readonly Job[]): void {
  for (const job of jobs) {
    clearTimeout(job.timer);
    job.reject(new ReadBusy("history is closed"));
  }
}

export function createReads(file: string, zone: () => PosixTz, opts: ReadOptions = {}) {
  const maxQueued = opts.maxQueued ?? 32;
  const queue: Job[] = [];
  let running: Job | null = null;
  let worker: Worker | null = null;
  let nextId = 1;
  let startedAt = 0;
  let closed = false;

  function spawn(): Worker {
    const w = new Worker(new URL("./readWorker.mjs", import.meta.url), { workerData: { file } });
    w.unref();
    w.on("message", (reply: Reply) => {
      const job = running;
      if (!job || job.req.id !== reply.id) return;
      clearTimeout(job.timer);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new Error(reply.error));
      // The worker rests as long as the query took: history gets at most half a core, the device API the rest.
      const rest = setTimeout(
        () => {
          if (running === job) running = null;
          pump();
        },
        Math.min(performance.now() - startedAt, 1000),
      );
      rest.unref();
    });
    w.on("error", (err) => fail(w, err));
    w.on("exit", () => fail(w, new Error("the history reader stopped")));
    return w;
  }

  /** The worker died: its running query fails, the next one gets a new worker. */
  function fail(w: Worker, err: Error): void {
    if (worker !== w) return;
    worker = null;
    const job = running;
    running = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    pump();
  }

  function pump(): void {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    running = job;
    worker ??= spawn();
    startedAt = performance.now();
    worker.postMessage(job.req);
  }

  function read<O extends Op>(op: O, args: ArgsOf<O>): Promise<unknown> {
    if (closed) return Promise.reject(new ReadBusy("history is closed"));
    if (queue.length >= maxQueued)
      return Promise.reject(new ReadBusy("History is busy with other requests; try again in a moment."));
    return new Promise((resolve, reject) => {
      const req = { id: nextId++, zone: zone(), op, args } as ReadRequest;
      const limit = op === "backup" ? (opts.backupTimeoutMs ?? 120_000) : (opts.timeoutMs ?? 5000);
      const job: Job = {
        req,
        resolve,
        reject,
        timer: setTimeout(() => {
          reject(new ReadBusy(`History took longer than ${limit / 1000} s to answer; try a shorter range.`));
          const i = queue.indexOf(job);
          if (i >= 0) queue.splice(i, 1);
          else if (running === job && worker) {
            // SQLite cannot be stopped from outside: the worker goes, the next query gets a fresh one.
            const w = worker;
            worker = null;
            running = null;
            void w.terminate();
            pump();
          }
        }, limit),
      };
      queue.push(job);
      pump();
    });
  }

  return {
    /** The answers' text: JSON of HistoryPower / HistoryEnergy / HistoryInfo (@dtu/api/history), or CSV. */
    power: (...args: ArgsOf<"power">) => read("power", args) as Promise<string>,
    energy: (...args: ArgsOf<"energy">) => read("energy", args) as Promise<string>,
    info: (...args: ArgsOf<"info">) => read("info", args) as Promise<string>,
    /** JSON of HistoryLast: each inverter's newest reading (lastKnown.ts, issue 25). */
    last: () => read("last", []) as Promise<string>,
    /** A consistent copy of the database into `target` (a file that must not exist yet). */
    backup: (target: string) => read("backup", [target]) as Promise<null>,
    close(): void {
      closed = true;
      refuseAll([...queue.splice(0), ...(running ? [running] : [])]);
      running = null;
      // The worker closes its connection and ends by itself (a clean stop leaves no WAL, issue 34 item 1); it is
      // unref'd, so it never holds the process, and the process's end ends it in any case.
      const w = worker;
      worker = null;
      w?.postMessage("close");
    },
  };
}
export type Reads = ReturnType<typeof createReads>;
