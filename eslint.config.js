import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import layers from "./scripts/eslint/layers.js";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "webapp_dist/**",
      "gateway_dist/**",
      "data/**",
      "test-artifacts/**",
      "apps/gateway/src/generated/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["vitest.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["apps/webapp/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The web app and the gateway never import each other (STYLE.md layout).
      "no-restricted-imports": ["error", { patterns: ["**/gateway/**", "node:*"] }],
    },
  },
  {
    // Web app layers (STYLE.md): lib → components → features → screens → app; features stand alone.
    files: ["apps/webapp/src/**/*.{ts,tsx}"],
    plugins: { layers },
    rules: {
      "layers/imports": [
        "error",
        {
          root: "apps/webapp/src",
          order: ["locales", "lib", "components", "features", "screens", "app"],
          isolated: ["features"],
        },
      ],
    },
  },
  {
    // Gateway layers (apps/gateway/src/README.md, with the reason for each place): no folder imports a higher one at
    // run time (type-only imports are erased and may point anywhere); root files not listed (server.ts) are on top.
    // The four root helpers belong in lib/ (README "Still to move"). Route files never import each other (only the
    // shared types.ts; index.ts is the table joining them, dispatch.ts the routing over that table).
    files: ["apps/gateway/src/**/*.{ts,mjs}"],
    plugins: { layers },
    rules: {
      "layers/imports": [
        "error",
        {
          root: "apps/gateway/src",
          order: [
            "lib",
            "wire",
            "time",
            "storage",
            "config",
            "fleet",
            "device",
            "security",
            "http",
            "mqtt",
            "routes",
            "ws",
            "port",
            "history",
            "alerts",
            "meter",
            "zeroexport",
            "proxy",
            "app.ts",
            "multi",
            "cli",
          ],
          rootOnTop: true,
          values: true,
          isolated: ["routes"],
          shared: ["routes/types.ts"],
          hub: ["routes/index.ts", "routes/dispatch.ts"],
        },
      ],
    },
  },
  {
    files: ["packages/api/src/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["node:*", "react", "**/apps/**"] }] },
  },
  {
    // Short functions (issue 30 §7): none over 100 lines in the apps' and packages' sources. Blank lines and
    // comments do not count: a comment saying why (STYLE.md) must never be what pushes a function over, and
    // spacing is prettier's business. Tests are exempt (a test's table of cases is one long call by design).
    files: ["apps/*/src/**/*.{ts,tsx}", "packages/*/src/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
