// `npm run check:size` (part of `npm test`, right after the build): fails when index.html.gz + js/app.js.gz in
// webapp_dist weigh more than the ceiling in bench/size-budget.json (issue 6 §2, issue 22 §5). No rebuild: it reads
// what is there. The device build itself fails above the ceiling too (apps/webapp/scripts/postbuild.mjs).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STOCK_BYTES, readBudget, readDeviceSizes } from "./sizes.mjs";

const dist = join(dirname(fileURLToPath(import.meta.url)), "../webapp_dist");
const { files, total } = await readDeviceSizes(dist);
const { limitBytes } = await readBudget();
const detail = `index.html.gz ${files["index.html.gz"]} B + js/app.js.gz ${files["js/app.js.gz"]} B = ${total} B`;
if (total > limitBytes) {
  console.error(
    `check:size FAILED: ${detail} exceeds the ceiling of ${limitBytes} B by ${total - limitBytes} B`,
  );
  console.error(
    "Shrink the app: the ceiling (issue 22 §5) is the most the device's flash is given, not a ratchet to move.",
  );
  process.exit(1);
}
console.log(
  `check:size ok: ${detail} <= ceiling ${limitBytes} B, ${limitBytes - total} B left (${((100 * total) / STOCK_BYTES).toFixed(1)} % of the stock ${STOCK_BYTES} B)`,
);
