export interface BuildOutput {
  name: string;
  /** A file the build writes last-ish; its modification time is the build's. */
  marker: string;
  /** The npm script of apps/webapp that builds it. */
  script: string;
  /** Files and folders (relative to the repository) the output is built from. */
  sources: string[];
}
export const GATEWAY_OUTPUT: BuildOutput;
export const OUTPUTS: BuildOutput[];
export function outputsToBuild(
  root: string,
  outputs?: BuildOutput[],
): { output: BuildOutput; reason: "missing" | "stale" }[];
