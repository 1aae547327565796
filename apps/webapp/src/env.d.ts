/**
 * Which of the two builds this is (README "Two builds"): `true` in the gateway build, `false` in the device build,
 * written in as a literal by Vite's `define` (vite.config.ts, scripts/build-kind.mjs), so the device build drops
 * every branch that tests it and whatever only those branches import. Unit tests run with `true` (vitest.config.ts).
 */
declare const __GATEWAY_BUILD__: boolean;
