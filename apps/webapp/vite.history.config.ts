import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The History screen (issue 14 §6–7): one ES module with its own React and uPlot, served by the gateway from
// history_dist/ (never part of the device's flash build in webapp_dist/). See history/boot.tsx.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "../../history_dist",
    emptyOutDir: true,
    // Library mode does not minify ES output by default.
    minify: true,
    lib: { entry: "history/boot.tsx", formats: ["es"], fileName: () => "history.js" },
    rollupOptions: { output: { codeSplitting: false, minify: true } },
  },
});
