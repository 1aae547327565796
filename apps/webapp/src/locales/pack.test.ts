import { describe, expect, it } from "vitest";
import { packLocales } from "../../scripts/pack-locales.mjs";
import { packedArea } from "./define";
import { areas } from "./index";

// The build packs every area (scripts/pack-locales.mjs); the app must get exactly the objects of the sources.
const plugin = packLocales() as unknown as {
  transform(code: string, id: string): { code: string } | null;
};
// The area sources as written (the webapp's tests may not read files through node:fs).
const sources = import.meta.glob<string>("./*.ts", { query: "?raw", import: "default", eager: true });
const file = (name: string) => `/app/src/locales/${name}.ts`;

describe("pack-locales", () => {
  for (const [name, area] of Object.entries(areas)) {
    it(`${name}: the packed form unpacks to the source's texts`, () => {
      const out = plugin.transform(sources[`./${name}.ts`] ?? "", file(name));
      expect(out).not.toBeNull();
      const call = /packedArea\((.*)\);\n$/s.exec(out?.code ?? "")?.[1] ?? "";
      const args = JSON.parse(`[${call}]`) as [string, string, string, string];
      expect(packedArea(...args)).toEqual(area);
    });
  }

  it("leaves an area whose texts it cannot pack safely as written", () => {
    const src = 'export default defineArea({ en: { a: "x\\ny" }, de: { a: "x" }, fr: { a: "x" } });';
    expect(plugin.transform(src, "/app/src/locales/odd.ts")).toBeNull();
    expect(plugin.transform(src.replace("\\n", ""), "/app/src/locales/define.ts")).toBeNull();
  });
});
