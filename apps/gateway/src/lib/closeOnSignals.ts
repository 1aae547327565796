/**
 * Ctrl-C / SIGTERM close the server cleanly (timers, sockets, MQTT, fleet state saved), once; used by every CLI.
 *
 * After the close the process ends by itself rather than by `process.exit`: the SQLite binding (libsql) closes a
 * connection for good only when its statements are collected or the process ends on its own, and only then does
 * SQLite merge and remove `history.db-wal` (issue 34 item 1: a stopped gateway's history.db alone holds it all).
 * Should anything still hold the process `EXIT_AFTER_MS` later, it is ended; the stores merged the WAL into
 * history.db when they closed (storage/sqliteFile.ts `closeDb`), so even then nothing is only in the WAL.
 */
const EXIT_AFTER_MS = 5000;

export function closeOnSignals(app: { close(): Promise<unknown> }): void {
  let closing = false;
  const stop = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    app.close().then(
      () => {
        process.exitCode = 0;
        setTimeout(() => process.exit(0), EXIT_AFTER_MS).unref();
      },
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}
