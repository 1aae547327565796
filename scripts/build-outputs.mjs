// What `npm start` builds before it serves (README "Run it"): the gateway build in gateway_dist/, the one build the
// gateway serves in both modes, rebuilt when its marker file is missing or older than the newest of its sources (a
// fresh clone, or sources changed by a pull or an edit since the last build). The device build (webapp_dist/, for
// the firmware) is listed too, for `outputsToBuild(root, OUTPUTS)`; `npm run build` makes both.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Inputs of both builds: one source (apps/webapp README "Two builds"), the wire types and the build scripts. */
const SHARED = [
  "apps/webapp/src",
  "packages/api/src",
  "apps/webapp/package.json",
  "package-lock.json",
  "apps/webapp/index.html",
  "apps/webapp/vite.config.ts",
  "apps/webapp/scripts",
  "apps/webapp/public",
];

export const GATEWAY_OUTPUT = {
  name: "gateway_dist",
  marker: "gateway_dist/js/app.js",
  script: "build:gateway",
  sources: SHARED,
};

export const OUTPUTS = [
  {
    name: "webapp_dist",
    marker: "webapp_dist/js/app.js.gz",
    script: "build:device",
    sources: [...SHARED, "apps/gateway/src/generated/zones.json"],
  },
  GATEWAY_OUTPUT,
];

/** Newest modification time (ms) of a file or of every file below a folder; 0 when it does not exist. */
function newest(path) {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry !== "node_modules") max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/** The outputs to build below `root` (default: what the gateway serves), each with why: "missing" or "stale". */
export function outputsToBuild(root, outputs = [GATEWAY_OUTPUT]) {
  const plan = [];
  for (const output of outputs) {
    const built = statSync(join(root, output.marker), { throwIfNoEntry: false })?.mtimeMs;
    if (built === undefined) plan.push({ output, reason: "missing" });
    else if (Math.max(...output.sources.map((s) => newest(join(root, s)))) > built)
      plan.push({ output, reason: "stale" });
  }
  return plan;
}
