// `npm run check:size` (part of `npm test`, right after the build): fails when index.html.gz + js/app.js.gz in
// webapp_dist weigh more than bench/size-budget.json allows (issue 6 §2). No rebuild: it reads what is there.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STOCK_BYTES, readBudget, readDeviceSizes } from "./sizes.mjs";

const dist = join(dirname(fileURLToPath(import.meta.url)), "../webapp_dist");
const { files, total } = await readDeviceSizes(dist);
const { limitBytes } = await readBudget();
const detail = `index.html.gz ${files["index.html.gz"]} B + js/app.js.gz ${files["js/app.js.gz"]} B = ${total} B`;
if (total > limitBytes) {
  console.error(
    `check:size FAILED: ${detail} exceeds the budget of ${limitBytes} B by ${total - limitBytes} B`,
  );
  console.error("Shrink the app, or raise limitBytes in bench/size-budget.json with a reason in the commit.");
  process.exit(1);
}
console.log(
  `check:size ok: ${detail} <= ${limitBytes} B (${((100 * total) / STOCK_BYTES).toFixed(1)} % of the stock ${STOCK_BYTES} B)`,
);
