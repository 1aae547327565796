export * from "./codes.ts";
export * from "./limits.ts";
export * from "./endpoints.ts";
export * from "./live.ts";
export * from "./settings.ts";
export * from "./system.ts";
export * from "./overview.ts";
