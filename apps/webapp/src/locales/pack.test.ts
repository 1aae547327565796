import { describe, expect, it, vi } from "vitest";
import { packLocales, renameKeys, renames } from "../../scripts/pack-locales.mjs";
import { packedArea, type Area } from "./define";
import { areas } from "./index";

// The build packs every area and shortens the keys (scripts/pack-locales.mjs); the app must get the sources' texts,
// under the names the build gives the keys in the code.
interface Built {
  transform(code: string, id: string): { code: string } | null;
  renderChunk(
    this: typeof context,
    code: string,
    chunk: { modules: Record<string, { code: string | null }> },
  ): { code: string } | null;
}
// Each area file's texts, by its name: an area's main file (`alerts`) or its second part (`alerts.screens`, which the
// gateway build loads with its screens; its keys keep their names).
const files = Object.fromEntries(
  Object.entries(
    import.meta.glob<Area<string>>(["./*.ts", "!./*.test.ts", "!./index*.ts", "!./define.ts"], {
      import: "default",
      eager: true,
    }),
  ).map(([f, area]) => [f.slice(2, -3), area]),
);
/** The main files only: what the build renames (parts keep their key names). */
const mains = Object.fromEntries(Object.entries(files).filter(([f]) => !f.includes(".")));
const plugin = packLocales(mains) as unknown as Built;
/** The little of Rollup's plugin context the plugin uses. */
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};
/** The webapp's folder, ending in "/". */
const webapp = new URL("../../", import.meta.url).pathname;
const argsOf = (code = "") =>
  JSON.parse(`[${/packedArea\((.*)\);\n$/s.exec(code)?.[1] ?? ""}]`) as [string, string];
const map = renames(mains);
// The area sources as written (the webapp's tests may not read files through node:fs).
const sources = import.meta.glob<string>("./*.ts", { query: "?raw", import: "default", eager: true });
const file = (name: string) => `/app/apps/webapp/src/locales/${name}.ts`;

describe("pack-locales", () => {
  it("has a main file for every area of the registry, and a part only next to its main file", () => {
    expect(Object.keys(areas).sort()).toEqual(Object.keys(mains).sort());
    for (const f of Object.keys(files)) expect(Object.keys(mains)).toContain(f.split(".")[0]);
  });

  it("keeps a part's key names apart from its main file's keys and their short names (define.ts joinAreas)", () => {
    const parts = Object.entries(files).filter(([f]) => f.includes("."));
    expect(parts.length).toBeGreaterThan(0);
    for (const [f, part] of parts) {
      const name = f.split(".")[0] ?? "";
      const main = Object.keys(mains[name]?.en ?? {});
      const taken = new Set([...main, ...main.map((k) => map.get(`${name}.${k}`)?.slice(name.length + 1))]);
      expect(
        Object.keys(part.en).filter((k) => taken.has(k)),
        f,
      ).toEqual([]);
    }
  });

  for (const [name, area] of Object.entries(files)) {
    it(`${name}: the packed form unpacks to the source's texts under the build's key names`, () => {
      const out = plugin.transform(sources[`./${name}.ts`] ?? "", file(name));
      expect(out).not.toBeNull();
      const call = /packedArea\((.*)\);\n$/s.exec(out?.code ?? "")?.[1] ?? "";
      const args = JSON.parse(`[${call}]`) as [string, string];
      const rename = (texts: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(texts).map(([k, v]) => [
            (map.get(`${name}.${k}`) ?? `${name}.${k}`).slice(name.length + 1),
            v,
          ]),
        );
      expect(packedArea(...args)).toEqual({ en: rename(area.en), de: rename(area.de), fr: rename(area.fr) });
    });
  }

  it("unpacks a language on its first read only, and keeps it", () => {
    const split = vi.spyOn(String.prototype, "split");
    try {
      const area = packedArea("a,,c", "one\neins\n\ntwo\n\nzwei\nthree\ntrois\ndrei");
      expect(split).not.toHaveBeenCalled();
      const de = area.de;
      expect(de).toEqual({ a: "one", "1": "zwei", c: "drei" });
      const calls = split.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      expect(area.de).toBe(de);
      expect(split.mock.calls.length).toBe(calls);
      expect(area.fr).toEqual({ a: "eins", "1": "two", c: "trois" });
      expect(area.en).toEqual({ a: "one", "1": "two", c: "three" });
    } finally {
      split.mockRestore();
    }
  });

  it("shortens every key except those the code builds at run time", () => {
    expect(map.get("common.save")).toMatch(/^common\.[0-9a-z]{1,2}$/);
    expect(map.has("apiresponse.1001")).toBe(false);
    // Keys once built at run time, now written out (features/live/StateText.tsx, gridprofile/table.ts).
    expect(map.get("grid.s0")).toMatch(/^grid\.[0-9a-z]{1,2}$/);
    expect(new Set(map.values()).size).toBe(map.size);
  });

  it("renames string literals that are exactly a key", () => {
    const short = map.get("common.save");
    const code =
      't("common.save"); x = `common.save`; y = "common.saved!"; z = `common.${k}`; w = "config.json";';
    expect(renameKeys(code, map)).toBe(
      `t("${short}"); x = \`${short}\`; y = "common.saved!"; z = \`common.\${k}\`; w = "config.json";`,
    );
  });

  it("finds areas and code by the module graph and packages, not by folder: a renamed folder still works", () => {
    // The locale folder and the code under names the app does not use; only their package (apps/webapp) is real.
    const build = packLocales() as unknown as Built;
    const words = `${webapp}src/wording/common.ts`;
    const area = build.transform(sources["./common.ts"] ?? "", words);
    expect(area?.code).toMatch(/^import \{ packedArea \} from "\.\/define";\nexport default packedArea\(/);
    const ui = 't("common.save");\n';
    const lib = 'x = "common.save";\n';
    const out = build.renderChunk.call(context, `/* runtime */\n${ui}${lib}`, {
      modules: {
        [words]: { code: "packed" },
        [`${webapp}src/screens2/A.tsx`]: { code: ui },
        [`${webapp}x/b.ts`]: { code: lib },
      },
    });
    const short = map.get("common.save") ?? "";
    expect(packedArea(...argsOf(area?.code)).en[short.slice("common.".length)]).toBe(areas.common.en.save);
    expect(out?.code).toBe(`/* runtime */\nt("${short}");\nx = "${short}";\n`);
  });

  it("fails the build on a key-like string in another package instead of renaming it", () => {
    const build = packLocales() as unknown as Built;
    build.transform(sources["./common.ts"] ?? "", `${webapp}src/locales/common.ts`);
    const api = `${webapp}../../packages/api/src/x.ts`;
    expect(() =>
      build.renderChunk.call(context, 'a = "common.save";', {
        modules: { [api]: { code: 'a = "common.save";' } },
      }),
    ).toThrow(/packages\/api\/src\/x\.ts has a string equal to a message key/);
  });

  it("leaves an area whose texts it cannot pack safely as written", () => {
    const src =
      'import { defineArea } from "./define";\nexport default defineArea({ en: { a: "x\\ny" }, de: { a: "x" }, fr: { a: "x" } });';
    expect(plugin.transform(src.replace("\\n", ""), file("fine"))).not.toBeNull();
    expect(plugin.transform(src, file("odd"))).toBeNull();
    // Not an area: it does not import defineArea.
    expect(plugin.transform(src.replace("\\n", "").replace(/^import.*\n/, ""), file("other"))).toBeNull();
  });
});
