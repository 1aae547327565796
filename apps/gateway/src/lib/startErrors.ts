/** The gateway's start-up failures in words: what went wrong, where, and what to do (issue 11). */

/** A start-up failure in words (issue 11): what went wrong, where, and what to do; no stack trace, exit code 1. */
export function startFailed(message: string): never {
  console.error(message);
  process.exit(1);
}

function errnoOf(err: unknown): { code: string; path?: string; message: string } {
  const e = err as NodeJS.ErrnoException;
  return { code: e.code ?? "", ...(e.path ? { path: e.path } : {}), message: e.message ?? String(err) };
}

export function listenProblem(port: number, host: string, err: unknown): string {
  const { code, message } = errnoOf(err);
  if (code === "EADDRINUSE")
    return `Cannot start: port ${port} is in use; choose another with --port (e.g. --port ${port + 1}).`;
  if (code === "EACCES")
    return `Cannot start: no permission to listen on port ${port}; choose one above 1023 with --port.`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return `Cannot start: ${host} is not an address of this machine; choose another with --host.`;
  return `Cannot start: listening on ${host}:${port} failed (${message}).`;
}

const REASONS: Record<string, string> = {
  EISDIR: "is a folder, not a file",
  ENOTDIR: "is not a folder",
  EACCES: "cannot be read or written (no permission)",
  EPERM: "cannot be read or written (not permitted)",
  EROFS: "is on a read-only file system",
  ENOSPC: "cannot be written: the disk is full",
};

export function dataFolderProblem(dataDir: string, err: unknown): string {
  const { code, path, message } = errnoOf(err);
  const reason = REASONS[code] ?? `cannot be used (${message})`;
  return (
    `Cannot start: ${path ?? dataDir} ${reason}.\n` +
    `The data folder is ${dataDir}. Fix or remove that entry, or choose another folder with --data.`
  );
}
