import type { Plugin } from "postcss";
import type { UserConfig } from "vite";
export const GATEWAY_SOURCES: string[];
export function gatewayBuild(device: UserConfig, purge: Plugin): UserConfig;
