// Shared by size.mjs and check-size.mjs: the device files, the stock web app's size, the budget file.
import { readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The stock web app of firmware v23.11.16 as the reference build that `bench:compare` runs
 * (../shared/reference/stock-webapp-v23.11.16: js/app.js.gz 173,203 B + index.html.gz 365 B). One figure everywhere
 * (issue 34 §13): an earlier build of it measured 172,752 B (issue 6).
 */
export const STOCK_BYTES = 173_568;

/** What the build leaves in webapp_dist for the device's flash (issue 6 §1). */
export const deviceFiles = [
  "index.html.gz",
  "js/app.js.gz",
  "favicon.ico",
  "favicon.png",
  "site.webmanifest",
  "zones.json.gz",
];

/** The two files the budget counts: the firmware serves them for every page load. */
export const budgetedFiles = ["index.html.gz", "js/app.js.gz"];

/** Sizes of the device files present in `dist`; total = the budgeted files (throws if one is missing). */
export async function readDeviceSizes(dist) {
  const files = {};
  for (const f of deviceFiles) {
    try {
      files[f] = (await stat(join(dist, f))).size;
    } catch {
      // absent: reported by the caller
    }
  }
  const missing = budgetedFiles.filter((f) => files[f] === undefined);
  if (missing.length > 0) {
    throw new Error(`${missing.join(", ")} missing in ${dist}: run \`npm run build\` first`);
  }
  return { files, total: budgetedFiles.reduce((s, f) => s + files[f], 0) };
}

/** bench/size-budget.json: `limitBytes` is the most index.html.gz + js/app.js.gz may weigh. */
export async function readBudget() {
  const b = JSON.parse(await readFile(join(here, "size-budget.json"), "utf8"));
  if (!Number.isInteger(b.limitBytes) || b.limitBytes <= 0) {
    throw new Error("bench/size-budget.json: limitBytes must be a positive integer");
  }
  return b;
}
