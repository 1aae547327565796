/**
 * The two builds of the one web app, as `npm run build` writes them (README "Two builds", issue 20). No browser:
 * the built files themselves.
 * - The device build is exactly the files the firmware embeds, and carries no code and no text of the gateway's
 *   screens (`__GATEWAY_BUILD__` dropped them).
 * - The gateway build has them, History as a lazy chunk that the entry does not contain, its texts too.
 * - Both manifests are installable: a name, standalone display, theme colours and icons of 192 and 512 px that
 *   exist in the same build (a phone's browser offers "install" only then).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { filesOf as files, GATEWAY_WEB_ROOT, WEB_ROOT } from "./harness";

interface Area {
  en: Record<string, string>;
  de: Record<string, string>;
  fr: Record<string, string>;
}
const LOCALES = join(WEB_ROOT, "../apps/webapp/src/locales");
/** The History area's two files: its first part (live view, menu) and the History screens' own texts. */
const HISTORY = ["history.ts", "history.screens.ts"];
/**
 * The History texts (of `parts`, default both) that no device screen has, not even inside a longer text
 * ("Wechselrichter", "Spitzenleistung").
 */
const texts = async (parts = HISTORY): Promise<string[]> => {
  // By a variable path, so the e2e type check does not pull in the web app's sources.
  const areas = await Promise.all(
    parts.map(async (f) => ((await import(join(LOCALES, f))) as { default: Area }).default),
  );
  const others = readdirSync(LOCALES)
    .filter((f) => !HISTORY.includes(f))
    .map((f) => readFileSync(join(LOCALES, f), "utf8"))
    .join("\n");
  return areas
    .flatMap((area) => [area.en, area.de, area.fr])
    .flatMap((t) => Object.values(t))
    .filter((t) => t.length >= 8 && !others.includes(t));
};

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(path: string): [number, number] {
  const b = readFileSync(path);
  expect(b.subarray(1, 4).toString(), path).toBe("PNG");
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

interface Manifest {
  name: string;
  display: string;
  theme_color: string;
  background_color: string;
  start_url: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** The manifest holds what a phone's browser needs to offer "install", with icons that are really that large. */
function installable(dir: string): void {
  const m = JSON.parse(readFileSync(join(dir, "site.webmanifest"), "utf8")) as Manifest;
  expect(m.name).toBeTruthy();
  expect(m.display).toBe("standalone");
  // Relative to the manifest, so the app installs from under a gateway prefix too (issue 24 §3).
  expect(m.start_url).toBe(".");
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const offered = new Set<string>();
  for (const icon of m.icons) {
    expect(icon.type).toBe("image/png");
    expect(icon.purpose ?? "any").toContain("any");
    const [w, h] = pngSize(join(dir, icon.src));
    expect(w).toBe(h);
    for (const size of icon.sizes.split(" ")) {
      // A declared size the file can give (a larger square scales down).
      expect(w, `${icon.src} ${size}`).toBeGreaterThanOrEqual(Number(size.split("x")[0]));
      offered.add(size);
    }
  }
  expect([...offered]).toEqual(expect.arrayContaining(["192x192", "512x512"]));
}

describe("device build (webapp_dist)", () => {
  it("is exactly the files the firmware embeds", () => {
    expect(files(WEB_ROOT)).toEqual([
      "favicon.ico",
      "favicon.png",
      "index.html.gz",
      "js/app.js.gz",
      "site.webmanifest",
      "zones.json.gz",
    ]);
  });

  it("has no code and no text of the gateway's screens", async () => {
    const js = gunzipSync(readFileSync(join(WEB_ROOT, "js/app.js.gz"))).toString();
    expect(js.length).toBeGreaterThan(100_000);
    for (const s of [
      "/history",
      "/api/history/",
      "/api/gateway/features",
      "u-legend",
      "data-today-peak",
      "/zeroexport",
      "/api/zeroexport/",
    ])
      expect(js.includes(s), s).toBe(false);
    const own = await texts();
    expect(own.length).toBeGreaterThan(30);
    expect(own.filter((t) => js.includes(t))).toEqual([]);
  });

  it("is installable from its own files, the manifest links from the page", () => {
    const html = gunzipSync(readFileSync(join(WEB_ROOT, "index.html.gz"))).toString();
    expect(html).toContain('rel="manifest" href="site.webmanifest"');
    // Every URL of the page relative to its base, which is `/` on the device (issue 24 §3).
    expect(html).toMatch(/<head>\s*<base href="\/"/);
    expect(html).toContain('src="./js/app.js"');
    installable(WEB_ROOT);
  });
});

describe("gateway build (gateway_dist)", () => {
  const js = (f: string) => readFileSync(join(GATEWAY_WEB_ROOT, "js", f), "utf8");

  it("has the History screen as a lazy chunk with its texts, and the entry loads it only when asked", async () => {
    const chunks = readdirSync(join(GATEWAY_WEB_ROOT, "js")).filter((f) => f !== "app.js");
    const history = chunks.filter((f) => /^History-[\w-]+\.js$/.test(f));
    expect(history).toHaveLength(1);
    const entry = js("app.js");
    expect(entry).toContain("/history");
    expect(entry).toContain("/api/gateway/features");
    expect(entry).toContain(history[0]);
    // uPlot and the charts are in a lazy chunk that History imports (shared with the History of all devices, at the
    // top level of several devices), not in what `/` loads.
    expect(entry.includes("u-legend")).toBe(false);
    const imports = (file: string): string[] =>
      [...js(file).matchAll(/from"\.\/([\w-]+\.js)"/g)].map((m) => m[1] ?? "").filter((f) => f !== "app.js");
    const charts = [history[0] ?? "", ...imports(history[0] ?? "")].filter((f) => js(f).includes("u-legend"));
    expect(charts).toHaveLength(1);
    const all = chunks.filter((f) => /^AllHistory-[\w-]+\.js$/.test(f));
    expect(all).toHaveLength(1);
    // Directly or through a chunk it imports: with a third screen drawing charts (Zero export), the bundler may put
    // the chart into a chunk of its own that the History screens' shared chunk imports.
    const reached = (file: string, seen = new Set<string>()): Set<string> => {
      for (const f of imports(file)) if (!seen.has(f)) reached(f, seen.add(f));
      return seen;
    };
    expect([...reached(all[0] ?? "")]).toContain(charts[0]);
    const code = [entry, ...chunks.map(js)].join("\n");
    expect((await texts()).filter((t) => !code.includes(t))).toEqual([]);
    // The History screens' own texts load with them (apps/webapp README "Texts load with their screens"), as a
    // chunk of their own: not in what `/` loads.
    const own = await texts(["history.screens.ts"]);
    expect(own.length).toBeGreaterThan(30);
    expect(own.filter((t) => entry.includes(t))).toEqual([]);
    const part = chunks.filter((f) => /^history-screens-[\w-]+\.js$/.test(f));
    expect(part).toHaveLength(1);
    expect(own.filter((t) => !js(part[0] ?? "").includes(t))).toEqual([]);
  });

  it("is installable: name, standalone, theme colours, 192 and 512 px icons", () => {
    installable(GATEWAY_WEB_ROOT);
  });
});
