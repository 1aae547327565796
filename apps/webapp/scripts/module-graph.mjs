// The app's static import graph, read from source texts (tests only: app/screenTexts.test.ts and
// gateway-sources.test.ts follow the builds' module graphs without building). Paths are `/`-separated keys of
// `sources`, all from one folder (e.g. "src/app/App.tsx" or "../app/App.tsx"); relative imports resolve among them.

/**
 * The module `spec` names from `from`: `x.ts`, `x.tsx` or `x/index.ts`; in the gateway build its `.gateway` sibling
 * first, as `gatewayModules()` in build-kind.mjs does.
 * @param {Record<string, string>} sources
 * @param {string} from
 * @param {string} spec
 * @param {boolean} gateway
 * @returns {string | undefined}
 */
export function resolveImport(sources, from, spec, gateway) {
  const parts = from.split("/").slice(0, -1);
  for (const p of spec.split("/")) {
    if (p === "..") parts.pop();
    else if (p !== ".") parts.push(p);
  }
  const base = parts.join("/");
  const own = [".ts", ".tsx", "/index.ts"].map((x) => base + x);
  const sibling = gateway ? own.map((f) => f.replace(/(\.tsx?)$/, ".gateway$1")) : [];
  return [...sibling, ...own].find((f) => f !== from && sources[f] !== undefined);
}

/**
 * The modules a chunk starting at `start` holds: its static value imports, transitively (a dynamic import is
 * another chunk, a type import none). Every branch counts, also one the build drops behind `__GATEWAY_BUILD__`.
 * @param {Record<string, string>} sources
 * @param {string} start
 * @param {{ gateway?: boolean, skip?: (file: string) => boolean }} [options] `skip`: files not to enter
 * @returns {string[]}
 */
export function moduleGraph(sources, start, { gateway = true, skip = () => false } = {}) {
  const seen = new Set();
  const next = [start];
  for (let f = next.pop(); f !== undefined; f = next.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    for (const m of (sources[f] ?? "").matchAll(
      /^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["'](\.[^"']+)["']/gm,
    )) {
      const to = m[1] && resolveImport(sources, f, m[1], gateway);
      if (to && !skip(to)) next.push(to);
    }
  }
  return [...seen];
}
