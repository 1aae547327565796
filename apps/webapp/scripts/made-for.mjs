// The exact versions of the packages whose internals the device build relies on (issue 22 §1), each with what to
// re-check before recording a new one. package.json pins each of them exactly; scripts/made-for.test.ts fails
// when the installed version differs (an `npm update`, an edited pin, a lock file from elsewhere), so an upgrade
// forces a look instead of shipping a flash image that passes the unit tests and breaks on the device.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const webapp = join(dirname(fileURLToPath(import.meta.url)), "..");

const REACT =
  "the renamed property list: run `node apps/webapp/scripts/react-private-fields.mjs` (names no longer valid, " +
  "new candidates), the edits of react-dom in scripts/react-dead-paths.mjs (react-dead-paths.test.ts names " +
  "what moved), then `npm run build` and the browser tests on the device build (e2e/live.e2e.ts, " +
  "e2e/settings-a.e2e.ts)";
const MINIFIER =
  "that `mangleProps` in vite.config.ts still renames exactly the listed names (the device size in " +
  "`npm run build` must not jump up) and the browser tests on the device build";

const PURGE =
  "what the CSS purge keeps and drops (scripts/purge-bootstrap.test.ts runs it on the real output) and the " +
  "device size in `npm run build`";

export const madeFor = {
  react: { version: "19.3.1", recheck: REACT },
  "react-dom": { version: "19.3.1", recheck: REACT },
  scheduler: { version: "0.28.0", recheck: REACT },
  bootstrap: {
    version: "5.3.9",
    recheck:
      "the CSS passes (scripts/purge-css*.mjs; scripts/purge-bootstrap.test.ts runs them on the installed " +
      "Bootstrap) and the lean copies styles/_button-variants.scss and styles/_accordion.scss against Bootstrap's " +
      "scss/mixins/_buttons.scss and scss/_accordion.scss (scripts/bootstrap-copies.test.ts)",
  },
  sass: {
    version: "1.108.2",
    recheck:
      "the deprecations silenced in scripts/scss-options.mjs (`silenceDeprecations`: take each out and build) and " +
      "the CSS size in `npm run build`",
  },
  "@fullhuman/postcss-purgecss": { version: "8.0.0", recheck: PURGE },
  purgecss: { version: "8.0.0", recheck: PURGE },
  vite: { version: "8.3.8", recheck: MINIFIER },
  rolldown: { version: "1.2.19", recheck: MINIFIER },
};

/** The version of `name` the webapp's build resolves (rolldown through Vite, which bundles with it). */
export function installedVersion(name) {
  const from =
    name === "rolldown" ? dirname(createRequire(join(webapp, "package.json")).resolve("vite")) : webapp;
  const require = createRequire(join(from, "package.json"));
  // Walk up the node_modules folders as Node does: some packages do not export their package.json.
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      return JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")).version;
    } catch {
      if (dirname(dir) === dir) return require(`${name}/package.json`).version;
    }
  }
}

/** One message per package whose installed version is not the one the build was made for. */
export function versionMismatches(installed = installedVersion) {
  return Object.entries(madeFor).flatMap(([name, { version, recheck }]) => {
    const found = installed(name);
    return found === version
      ? []
      : [
          `${name} ${found} is installed, but the device build was made for ${version}. Re-check ${recheck}; ` +
            `then record ${found} in apps/webapp/scripts/made-for.mjs and pin it in package.json.`,
        ];
  });
}

/** The pins in apps/webapp/package.json that are not exactly the recorded versions. */
export function loosePins() {
  const pkg = JSON.parse(readFileSync(join(webapp, "package.json"), "utf8"));
  const pinned = { ...pkg.dependencies, ...pkg.devDependencies };
  return Object.entries(madeFor)
    .filter(([name, { version }]) => pinned[name] !== version)
    .map(
      ([name, { version }]) => `${name}: package.json says ${pinned[name] ?? "nothing"}, made for ${version}`,
    );
}
