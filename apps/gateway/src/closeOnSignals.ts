/** Ctrl-C / SIGTERM close the server cleanly (timers, sockets, MQTT, fleet state saved), once; used by both CLIs. */
export function closeOnSignals(app: { close(): Promise<unknown> }): void {
  let closing = false;
  const stop = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}
