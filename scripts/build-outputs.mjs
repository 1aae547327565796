// What `npm start` builds before it serves (README "Run it"): each built folder the gateway serves, rebuilt when its
// marker file is missing or older than the newest of its sources (a fresh clone, or sources changed by a pull or an
// edit since the last build). The device build and the History chunk are separate Vite builds, so one can be
// missing or stale while the other is current.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Inputs of both builds: the app's own code (the History chunk uses its storage keys) and the wire types. */
const SHARED = ["apps/webapp/src", "packages/api/src", "apps/webapp/package.json", "package-lock.json"];

export const OUTPUTS = [
  {
    name: "webapp_dist",
    marker: "webapp_dist/js/app.js.gz",
    script: "build:device",
    sources: [
      ...SHARED,
      "apps/webapp/index.html",
      "apps/webapp/vite.config.ts",
      "apps/webapp/scripts",
      "apps/webapp/public",
      "apps/gateway/src/generated/zones.json",
    ],
  },
  {
    name: "history_dist",
    marker: "history_dist/history.js",
    script: "build:history",
    sources: [...SHARED, "apps/webapp/history", "apps/webapp/vite.history.config.ts"],
  },
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

/** The outputs to build below `root`, each with why: "missing" or "stale". */
export function outputsToBuild(root, outputs = OUTPUTS) {
  const plan = [];
  for (const output of outputs) {
    const built = statSync(join(root, output.marker), { throwIfNoEntry: false })?.mtimeMs;
    if (built === undefined) plan.push({ output, reason: "missing" });
    else if (Math.max(...output.sources.map((s) => newest(join(root, s)))) > built)
      plan.push({ output, reason: "stale" });
  }
  return plan;
}
