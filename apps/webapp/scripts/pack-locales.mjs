// Build-only Vite plugin (issue 15 §4, issue 22 §4). Two jobs, both only in the device build (tests and the dev
// server use the sources as written):
// 1. Every locale area (a module that imports `defineArea` and exports `defineArea({ en, de, fr })`) becomes
//    `packedArea(names, texts)`: one string with each key's en, fr and de text next to each other (gzip finds more
//    repeats that way than in one string per language, and French after English a few more than German), a German
//    or French text equal to the English one written as "" (define.ts reads it as "same as English").
// 2. Message keys get short names: `"config.backupTitle"` becomes `"config.5"` (its index in the area, base 36) in
//    the area and in every string literal that is exactly that key in the modules of the areas' package (the
//    app's code, wherever its folders are; not only the modules importing the areas: lib/http.ts hands a key to
//    lib/notify.ts with a type import only). The key names cost about 3 kB gz in the bundle. Keys the code builds
//    at run time (DYNAMIC_PREFIXES) keep their names.
// 3. An area may have a second part, `<area>.<part>.ts` (`alerts.screens.ts`): keys with the same prefix that the
//    gateway build loads with the screens using them (locales/index.gateway.ts). A part is packed with its keys'
//    own names, never renamed, so they cannot meet the main file's short names when joined (define.ts `joinAreas`);
//    its keys are used by lazy chunks only, whose size matters less.
// No folder or file path is named here: an area is known from the module graph by its import of `defineArea`,
// its name is its file's (pack.test.ts holds the registry's names to the files'), and the renaming waits for the
// whole graph (renderChunk), so a renamed folder changes nothing. A string equal to a key in another package (the
// wire contract) fails the build rather than be renamed.
// The objects the app gets hold the same texts under the same (possibly renamed) keys; an area this cannot read
// safely is left as it is, with its names.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

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

/**
 * The build's name of each key of an area: its index in base 36, or its own name if the code builds it or the area
 * is a second part (`part`).
 */
export function shortNames(areaName, area, part = false) {
  return Object.keys(area.en ?? {}).map((k, i) =>
    part || DYNAMIC_PREFIXES.some((p) => `${areaName}.${k}`.startsWith(p)) ? k : i.toString(36),
  );
}

/** `packedArea` arguments for an area, or undefined if its texts cannot be packed safely. */
export function pack(areaName, area, part = false) {
  const keys = Object.keys(area.en ?? {});
  const same = LANGS.every((l) => {
    const k = Object.keys(area[l] ?? {});
    return k.length === keys.length && k.every((x, i) => x === keys[i]);
  });
  if (!same) return undefined;
  const texts = keys.flatMap((k) => LANGS.map((l) => area[l][k]));
  const names = shortNames(areaName, area, part);
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

/** The module `defineArea` is imported from in an area's code (types already erased), or undefined. */
export function defineAreaImport(code) {
  const m = /import\s*\{[^}]*\bdefineArea\b[^}]*\}\s*from\s*(["'])([^"']+)\1/.exec(code);
  return m && code.includes("defineArea(") ? m[2] : undefined;
}

/** The folder of the package.json nearest to a module: the package it belongs to. */
function packageOf(id, cache) {
  const start = dirname(id.split("?")[0]);
  for (let dir = start; ; dir = dirname(dir)) {
    if (cache.has(dir)) return cache.get(dir);
    if (existsSync(join(dir, "package.json")) || dirname(dir) === dir) {
      cache.set(start, dir);
      return dir;
    }
  }
}

/** `areas`: the locale areas as in src/locales/index.ts (tests pass them; the build reads the area modules). */
export function packLocales(areas) {
  /** Area module id → its name and texts, for each area packed. */
  const packed = new Map();
  return {
    name: "dtu-pack-locales",
    apply: "build",
    enforce: "post",
    buildStart() {
      packed.clear();
    },
    transform(code, id) {
      const from = defineAreaImport(code);
      if (from === undefined) return null;
      // `alerts.ts` is the area `alerts`; `alerts.screens.ts` a second part of it (3. above).
      const [, name = "", part] = /([A-Za-z]+)(\.[A-Za-z]+)?\.[jt]sx?$/.exec(id.split("?")[0]) ?? [];
      const area = readArea(code);
      const args = area && pack(name, area, part !== undefined);
      if (!args) return null;
      // Only main files' keys are renamed (renderChunk).
      if (part === undefined) packed.set(id, { name, area });
      return {
        code:
          `import { packedArea } from ${JSON.stringify(from)};\n` +
          `export default packedArea(${args.map((s) => JSON.stringify(s)).join(", ")});\n`,
        map: null,
      };
    },
    renderChunk(code, chunk) {
      const map = renames(areas ?? Object.fromEntries([...packed.values()].map((a) => [a.name, a.area])));
      const packages = new Map();
      const app = new Set([...packed.keys()].map((id) => packageOf(id, packages)));
      let out = code;
      for (const [id, { code: rendered }] of Object.entries(chunk.modules)) {
        if (!rendered || packed.has(id)) continue;
        const renamed = renameKeys(rendered, map);
        if (renamed === rendered) continue;
        // A string equal to a key in another package (the wire contract, a library) is not a message key.
        if (!app.has(packageOf(id, packages))) {
          this.error(`${id} has a string equal to a message key, outside the app's package: rename the key`);
        }
        // The chunk is its modules' rendered code in a row (not minified yet); only string literals get shorter.
        const at = out.indexOf(rendered);
        if (at < 0) this.error(`pack-locales: the code of ${id} is not in its chunk as rendered`);
        out = out.slice(0, at) + renamed + out.slice(at + rendered.length);
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}
