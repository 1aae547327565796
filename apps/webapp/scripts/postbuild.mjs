// Turns Vite's output into the device layout (issue 6): index.html.gz + js/app.js.gz compressed with zopfli,
// uncompressed copies removed, favicons + manifest copied, zones.json.gz from the gateway's generated file.
// `node scripts/postbuild.mjs gateway` finishes the gateway build instead (README "Two builds"): its files stay as
// Vite wrote them (the gateway compresses what it serves), plus the favicons, its manifest and the install icons.
import { readFile, writeFile, rm, copyFile, access, readdir } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const here = dirname(fileURLToPath(import.meta.url));
const webapp = join(here, "..");
const dist = join(webapp, "../../webapp_dist");
const zones = join(webapp, "../gateway/src/generated/zones.json");

async function exists(p) {
  try {
    await access(p);
    return true;
  } catch {
    return false;
  }
}

async function gz(src, dest, remove = true) {
  const out = await gzipAsync(await readFile(src), { numiterations: 15 });
  await writeFile(dest, out);
  if (remove) await rm(src);
  return out.length;
}

if (process.argv[2] === "gateway") {
  const out = join(webapp, "../../gateway_dist");
  for (const f of ["favicon.ico", "favicon.png", "icon-192.png", "icon-512.png"]) {
    await copyFile(join(webapp, "public", f), join(out, f));
  }
  await copyFile(join(webapp, "public/gateway.webmanifest"), join(out, "site.webmanifest"));
  const js = (await readdir(join(out, "js"))).filter((f) => f.endsWith(".js"));
  let entry = 0;
  let all = 0;
  for (const f of js) {
    // As the gateway sends it (apps/gateway/src/http/static.ts: gzip level 9).
    const n = gzipSync(await readFile(join(out, "js", f)), { level: 9 }).length;
    all += n;
    if (f === "app.js") entry = n;
  }
  console.log(
    `gateway build: js/app.js ${entry} B gz (what / loads), ${js.length} scripts ${all} B gz in all`,
  );
  process.exit(0);
}

const sizes = {};
sizes["index.html.gz"] = await gz(join(dist, "index.html"), join(dist, "index.html.gz"));
sizes["js/app.js.gz"] = await gz(join(dist, "js/app.js"), join(dist, "js/app.js.gz"));

const stray = (await readdir(dist, { recursive: true })).filter(
  (f) => !["index.html.gz", "js", "js/app.js.gz"].includes(f.replaceAll("\\", "/")),
);
if (stray.length > 0) throw new Error(`unexpected build output: ${stray.join(", ")}`);

for (const f of ["favicon.ico", "favicon.png", "site.webmanifest"]) {
  await copyFile(join(webapp, "public", f), join(dist, f));
}
if (await exists(zones)) {
  sizes["zones.json.gz"] = await gz(zones, join(dist, "zones.json.gz"), false);
} else {
  console.warn(`postbuild: ${zones} not found, zones.json.gz skipped`);
}
for (const [f, n] of Object.entries(sizes)) console.log(`${f.padEnd(16)} ${n} B`);
// The ceiling lives in bench/size-budget.json (issue 22 §5): a device build above it fails here, before anything
// can be flashed (`npm run check:size` checks the same on what is in webapp_dist).
const budget = JSON.parse(await readFile(join(webapp, "../../bench/size-budget.json"), "utf8")).limitBytes;
const total = sizes["index.html.gz"] + sizes["js/app.js.gz"];
console.log(`device total     ${total} B (ceiling ${budget}, ${budget - total} B left)`);
if (total > budget) {
  console.error(
    `postbuild: the device build is ${total - budget} B over the ceiling in bench/size-budget.json`,
  );
  process.exit(1);
}
