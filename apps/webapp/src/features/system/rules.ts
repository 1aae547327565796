/** Pure rules of the system info screen (SEED §4, §9). */

/**
 * Where the update check and the firmware links point. A module setting (no env): forks change these three lines.
 * The compare API answers `{ total_commits, html_url }` for `<ref>...HEAD`.
 */
export const UPSTREAM = {
  compareApi: "https://api.github.com/repos/tbnobody/OpenDTU/compare",
  commitUrl: "https://github.com/tbnobody/OpenDTU/commit",
  tagUrl: "https://github.com/tbnobody/OpenDTU/releases/tag",
  /** An unreachable host must not leave the badge spinning. */
  timeoutMs: 10_000,
};

export interface FirmwareRef {
  /** The ref to compare against HEAD: a commit hash or the tag itself. */
  ref: string;
  isHash: boolean;
}

/**
 * SEED §4 / API.md §3.19: `git_hash` is a tag (`v23.11.16`), `<tag>-<n>-g<hash>` or `g<hash>`. A leading `g`
 * marks a hash and is stripped; with a hyphen the hash is what follows the last `-` minus one character (the `g`).
 */
export function parseFirmwareRef(gitHash: string): FirmwareRef {
  if (gitHash.startsWith("g")) return { ref: gitHash.slice(1), isHash: true };
  const dash = gitHash.lastIndexOf("-");
  if (dash >= 0) return { ref: gitHash.slice(dash + 2), isHash: true };
  return { ref: gitHash, isHash: false };
}

export function compareUrl(gitHash: string): string {
  return `${UPSTREAM.compareApi}/${encodeURIComponent(parseFirmwareRef(gitHash).ref)}...HEAD`;
}

export function firmwareUrl(gitHash: string): string {
  const { ref, isHash } = parseFirmwareRef(gitHash);
  return `${isHash ? UPSTREAM.commitUrl : UPSTREAM.tagUrl}/${encodeURIComponent(ref)}`;
}

/** SEED §9: kB = bytes/1024 rounded. */
export function toKb(bytes: number): number {
  return Math.round(bytes / 1024);
}

/** SEED §9: usage percent rounded, 0 when the total is 0. */
export function usagePercent(used: number, total: number): number {
  return total > 0 ? Math.round((used / total) * 100) : 0;
}

export function splitUptime(seconds: number): { d: number; h: number; m: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600), m: Math.floor((s % 3600) / 60) };
}

/** SEED §4: configured+connected → connected; configured only → not connected; unconfigured → nothing. */
export function radioState(
  configured: boolean,
  connected: boolean,
): "connected" | "notConnected" | undefined {
  if (!configured) return undefined;
  return connected ? "connected" : "notConnected";
}

/** SEED §4: nRF24 chip type from the connected flag and the plus-variant flag. */
export function nrfType(connected: boolean, plus: boolean): "plus" | "plain" | "unknown" {
  if (!connected) return "unknown";
  return plus ? "plus" : "plain";
}

export type UpdateState =
  | { kind: "checking" }
  | { kind: "error" }
  | { kind: "current" }
  | { kind: "behind"; commits: number; url: string };

/** Reads the compare API answer; anything unexpected counts as an error (grey badge). */
export function updateStateFrom(body: unknown): UpdateState {
  if (typeof body !== "object" || body === null) return { kind: "error" };
  const { total_commits, html_url } = body as { total_commits?: unknown; html_url?: unknown };
  if (typeof total_commits !== "number") return { kind: "error" };
  if (total_commits <= 0) return { kind: "current" };
  return { kind: "behind", commits: total_commits, url: typeof html_url === "string" ? html_url : "" };
}
