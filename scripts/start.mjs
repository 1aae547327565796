// `npm start`: build the web app when it is missing, then run the gateway (options pass through).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
if (!existsSync(`${root}webapp_dist/index.html.gz`) && !process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) console.warn("web app build failed; the gateway serves a placeholder page");
}
const args = process.argv.slice(2).filter((a) => a !== "--no-build");
const run = spawnSync(process.execPath, ["--import", "tsx", `${root}apps/gateway/src/server.ts`, ...args], {
  cwd: root,
  stdio: "inherit",
});
process.exit(run.status ?? 1);
