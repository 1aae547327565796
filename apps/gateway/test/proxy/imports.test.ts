/**
 * Proxy mode does not load the simulated device (issue 22 §6): the modules a proxy start loads, followed through
 * every import that stays at run time (type-only imports are erased), contain nothing of the fleet, MQTT, the
 * simulated gateway or its history. server.ts loads the simulated device only when it starts one.
 */
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SRC, valueImports } from "../helpers/imports.ts";

/** The files of src/ that loading `entry` loads through static imports, relative to src/. */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of valueImports(file)) visit(next);
  };
  visit(resolve(SRC, entry));
  return [...seen].map((file) => relative(SRC, file)).sort();
}

// device/serial.ts is the serial's wire spelling, a pure leaf the command line uses to check `--fault`.
const SIMULATED =
  /^(app\.ts|fleet\/|mqtt\/|ws\/|routes\/|config\/|device\/(?!serial\.ts$)|port\/sim\/|history\/(sim|backfill)\.ts)/;

describe("proxy mode's modules", () => {
  it("load nothing of the simulated device", () => {
    const loaded = staticClosure("proxy/cli.ts");
    expect(loaded).toContain("proxy/sockets.ts");
    expect(loaded.filter((file) => SIMULATED.test(file))).toEqual([]);
  });

  it("server.ts loads the simulated device only when it starts one", () => {
    expect(staticClosure("server.ts").filter((file) => SIMULATED.test(file))).toEqual([]);
  });
});
