import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The device serves exactly index.html.gz and js/app.js.gz (API.md §3.21): one JS file, CSS inside it.
const target = process.env.DTU_TARGET ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "../../webapp_dist",
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: "js/app.js", inlineDynamicImports: true } },
  },
  server: {
    proxy: {
      "/api": target,
      "/zones.json": target,
      "/livedata": { target, ws: true },
      "/console": { target, ws: true },
    },
  },
});
