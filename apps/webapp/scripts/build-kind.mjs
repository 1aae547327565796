// The gateway build of the one app (issue 20, README "Two builds"): the device build's config (vite.config.ts) with
// what the gateway build does differently. Everything else (plugins, CSS purge, locale packing) stays shared.
//
// - Output in <repo>/gateway_dist/, plain files: the gateway compresses what it serves itself (http/static.ts).
// - Code splitting on: each gateway screen is a lazy chunk (js/<name>-<hash>.js), so opening `/` loads only the
//   entry, as on the device (docs/PERFORMANCE.md "Bytes before the first value").
// - No property renaming (`mangleProps`): names are chosen per chunk, so a private React field renamed in the entry
//   could get another short name in a lazy chunk that reads it. The gateway build has no size ceiling; plain
//   minification only.
// - `__GATEWAY_BUILD__` is true: the gateway's screens, texts and live-view parts are in.
// - The CSS purge counts the gateway screens' sources too (the device build's leaves them out).
// - A source module with a `<name>.gateway.ts(x)` sibling is replaced by that sibling (gatewayModules below): the
//   route table src/app/screens.ts, whose static imports would put every screen in the entry, becomes the lazy
//   src/app/screens.gateway.ts.

import { existsSync } from "node:fs";

/**
 * Sources (below src/, `/`-separated prefixes) that only the gateway build contains: the gateway's screens and its
 * own app parts. The device build's CSS purge does not count their words, nor does the React rename list's rule 2
 * (scripts/react-private-fields.mjs: the device bundle never holds them). Add a gateway screen's feature folder and
 * screen file here: scripts/gateway-sources.test.ts follows the module graph from the gateway's screens
 * (src/app/gatewayScreens.ts) and fails naming each gateway-only source this list does not cover.
 */
export const GATEWAY_SOURCES = [
  "features/history/",
  "screens/History.tsx",
  "features/alerts/",
  "screens/Alerts.tsx",
  "screens/AlertSettings.tsx",
  "features/zeroexport/",
  "screens/ZeroExport.tsx",
  "features/meter/",
  "screens/MeterSettings.tsx",
  "app/screens.gateway.ts",
  "features/overview/",
  "screens/Overview.tsx",
  "screens/AllHistory.tsx",
  "components/chart/",
  "components/ui/PeriodControls.tsx",
  "lib/calendar.ts",
  "app/DeviceSwitcher.tsx",
  "app/ScreenBoundary.tsx",
  "app/screenTexts.ts",
  "locales/index.gateway.ts",
  "features/live/prefetch.gateway.ts",
  // Only screens/LiveView.tsx's gateway branch uses it (the device build drops that branch).
  "features/live/LastKnown.tsx",
];

/** @returns {import("vite").Plugin} `x.gateway.ts` (or `.tsx`) in place of `x.ts` / `x.tsx`, for the gateway build. */
export function gatewayModules() {
  return {
    name: "dtu-gateway-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith(".")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const m = resolved && !resolved.external ? /^(.*)\.tsx?$/.exec(resolved.id) : null;
      if (!m || m[1].endsWith(".gateway")) return null;
      return [`${m[1]}.gateway.ts`, `${m[1]}.gateway.tsx`].find((f) => existsSync(f)) ?? null;
    },
  };
}

/**
 * @param {import("vite").UserConfig} device
 * @param {import("postcss").Plugin} purge the CSS purge over every source
 * @returns {import("vite").UserConfig}
 */
export function gatewayBuild(device, purge) {
  const build = device.build ?? {};
  const output = build.rollupOptions?.output;
  return {
    ...device,
    plugins: [...(device.plugins ?? []), gatewayModules()],
    define: { __GATEWAY_BUILD__: "true" },
    css: { ...device.css, postcss: { plugins: [purge] } },
    build: {
      ...build,
      outDir: "../../gateway_dist",
      rollupOptions: {
        ...build.rollupOptions,
        output: {
          ...(Array.isArray(output) ? {} : output),
          entryFileNames: "js/app.js",
          // A chunk's name is its first module's file name: `alerts.screens.ts` (a locale area's second part) gives
          // js/alerts-screens-<hash>.js, as the gateway serves `js/` names of word characters and dashes only
          // (apps/gateway/src/http/static.ts CHUNK).
          chunkFileNames: (chunk) => `js/${chunk.name.replace(/[^\w-]/g, "-")}-[hash].js`,
          // Whatever `/` needs stays in the entry: shared pieces of the lazy chunks that the entry also uses
          // would otherwise become chunks of their own, loaded one after the other before the first value.
          // Whatever `/` needs stays in the entry (`$initial`: statically imported from it): a piece it shares with
          // lazy chunks would otherwise become a chunk of its own, fetched after the entry before the first value.
          codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
          minify: { compress: true, mangle: { toplevel: true }, codegen: true },
        },
      },
    },
  };
}
