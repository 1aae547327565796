// Build-only Vite plugin (issue 15 §4): every locale area (src/locales/<area>.ts, `export default defineArea({ en,
// de, fr })`) becomes `packedArea(keys, en, de, fr)`: the keys once instead of three times, each language's texts as
// one string. The objects the app gets at run time are the same (define.ts unpacks them); tests and the dev server
// use the sources as written. An area this cannot read safely is left as it is.
const AREA = /\/src\/locales\/(?!define\.|index\.)[a-z]+\.ts$/;
const SEP = "\n";

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

function pack(area) {
  const keys = Object.keys(area.en ?? {});
  const langs = ["en", "de", "fr"];
  const same = langs.every((l) => {
    const k = Object.keys(area[l] ?? {});
    return k.length === keys.length && k.every((x, i) => x === keys[i]);
  });
  const texts = langs.map((l) => keys.map((k) => area[l][k]));
  const clean =
    keys.every((k) => !k.includes(",")) &&
    texts.flat().every((t) => typeof t === "string" && !t.includes(SEP));
  if (!same || !clean) return undefined;
  return [keys.join(","), ...texts.map((t) => t.join(SEP))];
}

export function packLocales() {
  return {
    name: "dtu-pack-locales",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      if (!AREA.test(id.split("?")[0])) return null;
      const area = readArea(code);
      const packed = area && pack(area);
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
