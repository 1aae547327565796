// `npm run bench:size` (issue 6 §2): the device files of webapp_dist (built just before by the npm script), the
// device total against the stock web app, and where the bytes of js/app.js come from.
//
// Attribution: the web app is built a second time, with a source map, into a temporary folder. Every character of
// the minified app.js is given to the source file its mapping segment points at, and source files are grouped by
// npm package (node_modules/<pkg>) or by web app folder (apps/webapp/src/<folder>). The CSS that
// vite-plugin-css-injected-by-js puts into the JS as one string literal is its own group. Each group's characters
// are gzipped on their own (zlib level 9) and the results are scaled so that they add up to the real app.js.gz:
// an estimate (gzip of a whole file is smaller than the sum of its parts), good for ranking, not for exact bytes.
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { STOCK_BYTES, deviceFiles, readBudget, readDeviceSizes } from "./sizes.mjs";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const webapp = join(repo, "apps/webapp");
const dist = join(repo, "webapp_dist");
const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? 20);

/** Owner marker of the injected CSS literal (groups are strings, unmapped is -1). */
const CSS = -2;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const fmt = (n) => n.toLocaleString("en-US");
const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`;

// ---- 1. the device files as built ----
const sizes = await readDeviceSizes(dist);
const budget = await readBudget();
console.log(`Device files in ${relative(process.cwd(), dist) || "."}/ (bytes as stored, gzip where .gz):`);
for (const f of deviceFiles) {
  let n = sizes.files[f];
  if (n === undefined) {
    try {
      n = (await stat(join(dist, f))).size;
    } catch {
      n = undefined;
    }
  }
  console.log(`  ${f.padEnd(18)} ${n === undefined ? "missing" : fmt(n).padStart(9)}`);
}
console.log(
  `  ${"device total".padEnd(18)} ${fmt(sizes.total).padStart(9)}   (index.html.gz + js/app.js.gz)\n` +
    `  ratio to the stock web app (${fmt(STOCK_BYTES)} B): ${(sizes.total / STOCK_BYTES).toFixed(3)}` +
    ` (${pct(STOCK_BYTES - sizes.total, STOCK_BYTES)} smaller)\n` +
    `  budget (bench/size-budget.json): ${fmt(budget.limitBytes)} B, headroom ${fmt(budget.limitBytes - sizes.total)} B`,
);

// ---- 2. second build with a source map ----
const tmp = await mkdtemp(join(tmpdir(), "dtu-bench-size-"));
try {
  const { build } = await import("vite");
  await build({
    root: webapp,
    configFile: join(webapp, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: tmp, emptyOutDir: true, sourcemap: true },
  });
  const raw = await readFile(join(tmp, "js/app.js"), "utf8");
  const map = JSON.parse(await readFile(join(tmp, "js/app.js.map"), "utf8"));
  // The map comment is the only difference the source map makes; without it the code should be the device file's.
  const code = raw.replace(/\n?\/\/# sourceMappingURL=.*\s*$/, "");
  const device = gunzipSync(await readFile(join(dist, "js/app.js.gz"))).toString("utf8");
  const same = code === device;

  const owners = attribute(code, map, join(tmp, "js"));
  const groups = new Map();
  for (let i = 0; i < code.length;) {
    const g = owners[i];
    let j = i + 1;
    while (j < code.length && owners[j] === g) j++;
    const key =
      g === CSS ? "CSS injected by JS (Bootstrap + app.scss)" : g === -1 ? "(unmapped: bundler glue)" : g;
    const list = groups.get(key) ?? [];
    list.push(code.slice(i, j));
    groups.set(key, list);
    i = j;
  }
  const rows = [...groups].map(([name, parts]) => {
    const text = parts.join("");
    return { name, bytes: Buffer.byteLength(text), gzAlone: gzipSync(text, { level: 9 }).length };
  });
  const gzReal = sizes.files["js/app.js.gz"] ?? 0;
  const gzSum = rows.reduce((s, r) => s + r.gzAlone, 0);
  for (const r of rows) r.gz = Math.round((r.gzAlone * gzReal) / gzSum);
  rows.sort((a, b) => b.gz - a.gz);

  const minTotal = Buffer.byteLength(code);
  console.log(
    `\nLargest contributors to js/app.js (${fmt(minTotal)} B minified, ${fmt(gzReal)} B gz)` +
      `${same ? "" : "\n  [note: differs from webapp_dist/js/app.js: sources changed since `npm run build`; this attributes the newer code]"}:`,
  );
  console.log(`  ${"group".padEnd(44)} ${"minified".padStart(9)} ${"gz (est.)".padStart(10)}  share`);
  for (const r of rows.slice(0, top)) {
    console.log(
      `  ${r.name.padEnd(44)} ${fmt(r.bytes).padStart(9)} ${fmt(r.gz).padStart(10)}  ${pct(r.gz, gzReal).padStart(6)}`,
    );
  }
  const rest = rows.slice(top);
  if (rest.length > 0) {
    const b = rest.reduce((s, r) => s + r.bytes, 0);
    const z = rest.reduce((s, r) => s + r.gz, 0);
    console.log(
      `  ${`(${rest.length} more)`.padEnd(44)} ${fmt(b).padStart(9)} ${fmt(z).padStart(10)}  ${pct(z, gzReal).padStart(6)}`,
    );
  }
  const npm = rows.filter((r) => r.name.startsWith("npm:"));
  const own = rows.filter((r) => r.name.startsWith("src/") || r.name === "@dtu/api");
  const sum = (rs) => rs.reduce((s, r) => s + r.gz, 0);
  console.log(
    `\n  npm packages ${fmt(sum(npm))} B gz (${pct(sum(npm), gzReal)}), our code ${fmt(sum(own))} B gz` +
      ` (${pct(sum(own), gzReal)}), CSS ${fmt(sum(rows.filter((r) => r.name.startsWith("CSS"))))} B gz` +
      `\n  gz per group: each group's bytes gzipped alone (level 9), scaled to add up to the real app.js.gz.`,
  );
} finally {
  await rm(tmp, { recursive: true, force: true });
}

// ---- helpers ----

/** Group name of a source path (as resolved from the map): npm package, web app folder, or repo path. */
function groupOf(abs) {
  const parts = abs.split(sep);
  const nm = parts.lastIndexOf("node_modules");
  if (nm >= 0) {
    const pkg = parts[nm + 1]?.startsWith("@") ? `${parts[nm + 1]}/${parts[nm + 2]}` : parts[nm + 1];
    return `npm:${pkg}`;
  }
  const rel = relative(repo, abs).split(sep).join("/");
  if (rel.startsWith("packages/api/")) return "@dtu/api";
  const m = /^apps\/webapp\/src\/(.+)$/.exec(rel);
  if (m) {
    const segs = m[1].split("/");
    // features/<area> and components/<x> are the useful granularity; a file directly in src/ is its own group.
    if (segs.length === 1) return `src/${segs[0]}`;
    if ((segs[0] === "features" || segs[0] === "components") && segs.length > 2)
      return `src/${segs[0]}/${segs[1]}`;
    return `src/${segs[0]}`;
  }
  return rel.startsWith("..") ? abs : rel;
}

/** Owner per UTF-16 index of `code`: a group name, -1 for unmapped, CSS for the injected style literal. */
function attribute(code, map, mapDir) {
  const names = (map.sources ?? []).map((s) => groupOf(resolve(mapDir, map.sourceRoot ?? "", s)));
  const owners = new Array(code.length).fill(-1);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);

  let src = 0;
  const lines = map.mappings.split(";");
  for (let l = 0; l < lines.length && l < lineStarts.length; l++) {
    const start = lineStarts[l];
    const end = l + 1 < lineStarts.length ? lineStarts[l + 1] : code.length;
    const segs = [];
    let col = 0;
    for (const seg of lines[l].split(",")) {
      if (seg === "") continue;
      const v = decodeVlq(seg);
      col += v[0];
      if (v.length >= 4) {
        src += v[1];
        segs.push([col, names[src]]);
        // v[2], v[3] (original line/column) and v[4] (name) are not needed, but src is a running delta.
      } else {
        segs.push([col, -1]);
      }
    }
    for (let k = 0; k < segs.length; k++) {
      const from = start + segs[k][0];
      const to = k + 1 < segs.length ? start + segs[k + 1][0] : end;
      for (let i = from; i < to && i < end; i++) owners[i] = segs[k][1];
    }
  }
  // The injected CSS: the template literal handed to createTextNode by vite-plugin-css-injected-by-js.
  const open = code.indexOf("createTextNode(`");
  if (open >= 0) {
    const from = open + "createTextNode(`".length;
    const to = code.indexOf("`", from);
    for (let i = from; i < to; i++) owners[i] = CSS;
  }
  return owners;
}

/** Base64 VLQ of one source-map segment (Source Map v3). */
function decodeVlq(seg) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of seg) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}
