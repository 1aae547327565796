// For the tests of the CSS passes and the lean Bootstrap copies (issue 22 §3): the app's real styles compiled with
// the installed Bootstrap and Sass, as the device build compiles them, and the installed Bootstrap's sources.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as sass from "sass";
import { scssOptions } from "./scss-options.mjs";

const webapp = join(dirname(fileURLToPath(import.meta.url)), "..");
const bootstrap = dirname(createRequire(join(webapp, "package.json")).resolve("bootstrap/package.json"));
export const appSource = join(webapp, "src");
const styles = join(appSource, "styles");

const options = { ...scssOptions, loadPaths: [dirname(bootstrap), styles], style: "expanded" };

/** src/styles/app.scss compiled, before any purge. */
export function compileAppStyles() {
  return sass.compile(join(styles, "app.scss"), options).css;
}

/** A Sass text compiled with Bootstrap and src/styles on the load path. */
export function compileScss(source) {
  return sass.compileString(source, { ...options, url: new URL(`file://${styles}/test.scss`) }).css;
}

/** A file of the installed Bootstrap (`scss/_accordion.scss`), as text. */
export function bootstrapFile(path) {
  return readFileSync(join(bootstrap, path), "utf8");
}

/** SHA-256 of a file of the installed Bootstrap, hex. */
export function bootstrapFileHash(path) {
  return createHash("sha256").update(bootstrapFile(path)).digest("hex");
}
