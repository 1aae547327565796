export const madeFor: Record<string, { version: string; recheck: string }>;
export function installedVersion(name: string): string;
export function versionMismatches(installed?: (name: string) => string): string[];
export function loosePins(): string[];
