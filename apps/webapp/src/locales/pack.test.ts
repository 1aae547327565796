import { describe, expect, it } from "vitest";
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
