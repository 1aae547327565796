import { describe, expect, it, vi } from "vitest";
import { packLocales, renameKeys, renames } from "../../scripts/pack-locales.mjs";
import { packedArea } from "./define";
import { areas } from "./index";

// The build packs every area and shortens the keys (scripts/pack-locales.mjs); the app must get the sources' texts,
// under the names the build gives the keys in the code.
const plugin = packLocales(areas) as unknown as {
  transform(code: string, id: string): { code: string } | null;
};
const map = renames(areas);
// The area sources as written (the webapp's tests may not read files through node:fs).
const sources = import.meta.glob<string>("./*.ts", { query: "?raw", import: "default", eager: true });
const file = (name: string) => `/app/apps/webapp/src/locales/${name}.ts`;

describe("pack-locales", () => {
  for (const [name, area] of Object.entries(areas)) {
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

  it("renames string literals that are exactly a key, in the app's code only", () => {
    const short = map.get("common.save");
    const code =
      't("common.save"); x = `common.save`; y = "common.saved!"; z = `common.${k}`; w = "config.json";';
    expect(renameKeys(code, map)).toBe(
      `t("${short}"); x = \`${short}\`; y = "common.saved!"; z = \`common.\${k}\`; w = "config.json";`,
    );
    const app = plugin.transform('t("common.save");', "/app/apps/webapp/src/app/NavBar.tsx");
    expect(app?.code).toBe(`t("${short}");`);
    expect(plugin.transform('t("common.save");', "/app/packages/api/src/x.ts")).toBeNull();
  });

  it("leaves an area whose texts it cannot pack safely as written", () => {
    const src = 'export default defineArea({ en: { a: "x\\ny" }, de: { a: "x" }, fr: { a: "x" } });';
    expect(plugin.transform(src, file("odd"))).toBeNull();
    expect(plugin.transform(src.replace("\\n", ""), "/app/apps/webapp/src/locales/define.ts")).toBeNull();
  });
});
