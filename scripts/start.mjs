// `npm start`: build what the gateway serves when it is missing or older than its sources (build-outputs.mjs:
// the gateway build in gateway_dist/, or with `--device-build` the device build in webapp_dist/), then run the
// gateway (options pass through, see apps/gateway/src/cli/options.ts). `--no-build` skips the check. SIGINT/SIGTERM
// are forwarded so the gateway closes cleanly and saves its state.
import { spawn, spawnSync } from "node:child_process";
import { GATEWAY_OUTPUT, OUTPUTS, outputsToBuild } from "./build-outputs.mjs";

const root = new URL("..", import.meta.url).pathname;
const served = process.argv.includes("--device-build")
  ? OUTPUTS.filter((output) => output.name === "webapp_dist")
  : [GATEWAY_OUTPUT];
if (!process.argv.includes("--no-build")) {
  for (const { output, reason } of outputsToBuild(root, served)) {
    console.log(`${output.name} is ${reason}: building it (npm run ${output.script} -w apps/webapp)`);
    const build = spawnSync("npm", ["run", output.script, "-w", "apps/webapp"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) console.warn(`${output.name}: build failed; the gateway serves what exists`);
  }
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
