export const appSource: string;
export function compileAppStyles(): string;
export function compileScss(source: string): string;
export function bootstrapFile(path: string): string;
export function bootstrapFileHash(path: string): string;
