/** What every meter reader gives: one read of the meter, or a MeterFailure saying why not. */

export interface MeterReading {
  /** Total active power, W, positive = import (after the config's unit and sign). */
  power_w: number;
  /** Per phase where the meter gives them (same sign rule), else null. */
  phases_w: number[] | null;
  /** What was found at the configured path, as text for POST /api/meter/test. */
  found: string;
  /**
   * Host ms when the meter measured it, when that is older than the read itself (an MQTT message received
   * earlier); absent: now.
   */
  at?: number;
}

export interface MeterReader {
  /** One read; never two at once (the poller waits for the end of one before the next). */
  read(signal: AbortSignal): Promise<MeterReading>;
  /** Ends connections (MQTT). */
  close(): Promise<void>;
}
