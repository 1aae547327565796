/**
 * The device console (API.md §3.3): every line the device prints, as raw text ending in \r\n, to whoever listens
 * (the `/console` socket, `--console`, tests). It exists before anything that logs, so no line of a boot is lost.
 */
export type ConsoleListener = (chunk: string) => void;

export interface DeviceConsole {
  /** Prints one line. */
  log(text: string): void;
  /** Receives every later line; returns the unsubscribe function. */
  onLog(listener: ConsoleListener): () => void;
}

export function createConsole(listeners: readonly ConsoleListener[] = []): DeviceConsole {
  const subscribed = new Set<ConsoleListener>(listeners);
  return {
    log(text) {
      const chunk = `${text}\r\n`;
      for (const l of subscribed) l(chunk);
    },
    onLog(listener) {
      subscribed.add(listener);
      return () => subscribed.delete(listener);
    },
  };
}
