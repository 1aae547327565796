import { defineConfig, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import cssInjectedByJs from "vite-plugin-css-injected-by-js";
import { packLocales } from "./scripts/pack-locales.mjs";
import { purgeCss } from "./scripts/purge-css.mjs";
import { safelist } from "./scripts/purge-safelist.mjs";
import { scssOptions } from "./scripts/scss-options.mjs";
import { reactPrivateFieldsPattern } from "./scripts/react-private-fields.mjs";
import { reactDeadPaths } from "./scripts/react-dead-paths.mjs";
import { GATEWAY_SOURCES, gatewayBuild } from "./scripts/build-kind.mjs";

// The device serves exactly index.html.gz and js/app.js.gz (API.md §3.21): one JS file, CSS inside it,
// no other assets. scripts/postbuild.mjs compresses them and adds favicons, manifest and zones.json.gz.
const target = process.env.DTU_TARGET ?? "http://localhost:8080";

// The device build's purge leaves out the gateway screens' sources: classes only they use keep no CSS there.
const purge = (exclude: string[]) =>
  purgeCss({ src: new URL("./src", import.meta.url).pathname, safelist, exclude });

const device: UserConfig = {
  plugins: [react(), cssInjectedByJs(), packLocales(), reactDeadPaths()],
  // public/ holds the favicons; postbuild copies them, so Vite must not copy them (and not inline assets).
  publicDir: false,
  // Every URL the build writes (the index page's script, lazy chunks) relative to the page's base (issue 24 §3):
  // index.html's <base href="/">, or the prefix a gateway puts there.
  base: "./",
  build: {
    outDir: "../../webapp_dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: false,
    rollupOptions: {
      // Rolldown's timing block ("JavaScript callbacks ran for 40 s …") came out as a warning after every build,
      // though nothing is wrong (the CSS plugin's transform is the build's work): not printed (issue 34 §13).
      checks: { bundlerTimings: false },
      output: {
        entryFileNames: "js/app.js",
        codeSplitting: false,
        // React's private fields and exports (issue 15 §4, issue 22 §2): read and written only inside this one
        // bundle, never by name from outside (not DOM, JSX props or wire data), so short names are safe. How the
        // list is made and checked: scripts/react-private-fields.mjs.
        minify: {
          compress: true,
          mangle: { toplevel: true },
          codegen: true,
          mangleProps: { include: reactPrivateFieldsPattern },
        },
      },
    },
  },
  css: {
    postcss: { plugins: [purge(GATEWAY_SOURCES)] },
    preprocessorOptions: {
      scss: scssOptions,
    },
  },
  server: {
    proxy: {
      "/api": target,
      "/zones.json": target,
      "/livedata": { target, ws: true },
      "/console": { target, ws: true },
    },
  },
};

// Two builds of one app (README "Two builds"): `vite build` is the device build above; `vite build --mode gateway`
// the gateway build (scripts/build-kind.mjs: its own folder, lazy chunks for the gateway's screens). The constant
// __GATEWAY_BUILD__ is false in the device build, so every gateway screen's code and texts are dropped from it.
export default defineConfig(({ mode }) =>
  mode === "gateway"
    ? gatewayBuild(device, purge([]))
    : { ...device, define: { __GATEWAY_BUILD__: "false" } },
);
