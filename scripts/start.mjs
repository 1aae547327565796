// `npm start`: build the web app when it is missing, then run the gateway (options pass through, see
// apps/gateway/src/server.ts). SIGINT/SIGTERM are forwarded so the gateway closes cleanly and saves its state.
import { existsSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
if (!existsSync(`${root}webapp_dist/index.html.gz`) && !process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) console.warn("web app build failed; the gateway serves a placeholder page");
}
const args = process.argv.slice(2).filter((a) => a !== "--no-build");
const child = spawn(process.execPath, ["--import", "tsx", `${root}apps/gateway/src/server.ts`, ...args], {
  cwd: process.cwd(),
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
