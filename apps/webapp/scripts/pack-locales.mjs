// Build-only Vite plugin (issue 15 §4). Two jobs, both only in the device build (tests and the dev server use the
// sources as written):
// 1. Every locale area (src/locales/<area>.ts, `export default defineArea({ en, de, fr })`) becomes
//    `packedArea(names, texts)`: one string with each key's en, fr and de text next to each other (gzip finds more
//    repeats that way than in one string per language, and French after English a few more than German), a German
//    or French text equal to the English one written as "" (define.ts reads it as "same as English").
// 2. Message keys get short names: `"config.backupTitle"` becomes `"config.5"` (its index in the area, base 36) in
//    the area and in every string literal of the app's code that is exactly that key. The key names cost about
//    3 kB gz in the bundle. Keys the code builds at run time (DYNAMIC_PREFIXES) keep their names.
// The objects the app gets hold the same texts under the same (possibly renamed) keys; an area this cannot read
// safely is left as it is, with its names.
import { readFileSync, readdirSync } from "node:fs";

const AREA = /\/src\/locales\/(?!define\.|index\.)[a-z]+\.ts$/;
const CODE = /\/apps\/webapp\/src\/(?!locales\/).*\.tsx?$/;
const SEP = "\n";
/** The order of each key's texts in the packed string (define.ts `packedArea` reads the same order). */
const LANGS = ["en", "fr", "de"];

/**
 * Keys the code builds at run time (`apiresponse.${code}`):
 * they keep their names in the build, and locales.test.ts counts them as used without a literal.
 */
export const DYNAMIC_PREFIXES = ["apiresponse."];

/** The object literal of `defineArea(...)` evaluated: the area files are plain data. */
function readArea(code) {
  const start = code.indexOf("defineArea(");
  const end = code.lastIndexOf(")");
  if (start < 0 || end < start) return undefined;
  try {
    return new Function(`return (${code.slice(start + "defineArea(".length, end)});`)();
  } catch {
    return undefined;
  }
}

/** The build's name of each key of an area: its index in base 36, or its own name if the code builds it. */
export function shortNames(areaName, area) {
  return Object.keys(area.en ?? {}).map((k, i) =>
    DYNAMIC_PREFIXES.some((p) => `${areaName}.${k}`.startsWith(p)) ? k : i.toString(36),
  );
}

/** `packedArea` arguments for an area, or undefined if its texts cannot be packed safely. */
export function pack(areaName, area) {
  const keys = Object.keys(area.en ?? {});
  const same = LANGS.every((l) => {
    const k = Object.keys(area[l] ?? {});
    return k.length === keys.length && k.every((x, i) => x === keys[i]);
  });
  if (!same) return undefined;
  const texts = keys.flatMap((k) => LANGS.map((l) => area[l][k]));
  const names = shortNames(areaName, area);
  const clean =
    keys.every((k) => !k.includes(",")) &&
    texts.every((t) => typeof t === "string" && t !== "" && !t.includes(SEP)) &&
    new Set(names).size === names.length;
  if (!clean) return undefined;
  const packed = keys.flatMap((k) =>
    LANGS.map((l) => (l !== "en" && area[l][k] === area.en[k] ? "" : area[l][k])),
  );
  // Renamed keys are implied by their position: an empty name.
  const listed = names.map((n, i) => (n === i.toString(36) ? "" : n));
  return [listed.join(",").replace(/,+$/, ""), packed.join(SEP)];
}

/** "area.key" → "area.<short name>" for every key an area's packed form renames. */
export function renames(areas) {
  const map = new Map();
  for (const [name, area] of Object.entries(areas)) {
    if (!pack(name, area)) continue;
    const names = shortNames(name, area);
    Object.keys(area.en).forEach((k, i) => {
      if (names[i] !== k) map.set(`${name}.${k}`, `${name}.${names[i]}`);
    });
  }
  return map;
}

/** Every string literal of `code` that is exactly a renamed key, replaced by its short name. */
export function renameKeys(code, map) {
  return code.replace(/(["'`])([a-z]+\.\w+)\1/g, (all, q, key) => {
    const short = map.get(key);
    return short ? q + short + q : all;
  });
}

function readAreas() {
  const dir = new URL("../src/locales/", import.meta.url);
  const areas = {};
  for (const file of readdirSync(dir)) {
    if (!AREA.test(`/src/locales/${file}`)) continue;
    const area = readArea(readFileSync(new URL(file, dir), "utf8"));
    if (area) areas[file.slice(0, -3)] = area;
  }
  return areas;
}

/** `areas`: the locale areas as in src/locales/index.ts (tests pass them; the build reads the files). */
export function packLocales(areas) {
  let map = areas ? renames(areas) : undefined;
  return {
    name: "dtu-pack-locales",
    apply: "build",
    enforce: "post",
    buildStart() {
      map = renames(areas ?? readAreas());
    },
    transform(code, id) {
      const path = id.split("?")[0];
      if (CODE.test(path)) {
        const out = renameKeys(code, map ?? new Map());
        // Only string literals get shorter, no line moves: the source map stays right up to a few columns.
        return out === code ? null : { code: out, map: null };
      }
      if (!AREA.test(path)) return null;
      const name = /([a-z]+)\.ts$/.exec(path)?.[1] ?? "";
      const area = readArea(code);
      const packed = area && pack(name, area);
      if (!packed) return null;
      const define = new URL("../src/locales/define.ts", import.meta.url).pathname;
      return {
        code:
          `import { packedArea } from ${JSON.stringify(define)};\n` +
          `export default packedArea(${packed.map((s) => JSON.stringify(s)).join(", ")});\n`,
        map: null,
      };
    },
  };
}
