export function resolveImport(
  sources: Record<string, string>,
  from: string,
  spec: string,
  gateway: boolean,
): string | undefined;
export function moduleGraph(
  sources: Record<string, string>,
  start: string,
  options?: { gateway?: boolean; skip?: (file: string) => boolean },
): string[];
