/**
 * A synthetic live feed for bench:ui and bench:compare: up to ten HMT-6CH inverters (6 strings each, API.md §4.1 prefix 1382) in the
 * v23.11.16 document shape of API.md §3.1, every message a full snapshot (§3.2). Values move with the tick number.
 * `all`: every inverter has new values in every message (as if each one had been polled since the last push);
 * `one`: one inverter per message, round robin (how the device's polling really goes). The total power is
 * 10000 + tick with 0 decimals, so the page can be checked for having shown the last message.
 */
export type FeedMode = "all" | "one";

export const FEED_INVERTERS = Array.from({ length: 10 }, (_, i) => ({
  serial: `1382${String(10000000 + i).padStart(8, "0")}`,
  name: `Feed ${String(i + 1).padStart(2, "0")}`,
}));

const f = (v: number, u: string, d: number) => ({ v, u, d });

function inverter(i: number, k: number, age: number) {
  const inv = FEED_INVERTERS[i] as { serial: string; name: string };
  const wave = (ch: number) => 1 + 0.2 * Math.sin(k * 0.37 + i * 1.3 + ch * 0.7);
  const DC: Record<string, unknown> = {};
  let dcPower = 0;
  for (let ch = 0; ch < 6; ch++) {
    const p = 300 * wave(ch);
    dcPower += p;
    DC[String(ch)] = {
      name: { u: ch === 0 ? "East" : "" },
      Power: f(p, "W", 1),
      Voltage: f(34 + wave(ch), "V", 1),
      Current: f(p / 34, "A", 2),
      YieldDay: f(1000 + k + ch, "Wh", 0),
      YieldTotal: f(450 + k / 1000, "kWh", 3),
      Irradiation: { v: (p / 450) * 100, u: "%", d: 3, max: 450 },
    };
  }
  const ac = dcPower * 0.955;
  return {
    serial: inv.serial,
    name: inv.name,
    order: i,
    data_age: age,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 2250,
    AC: {
      "0": {
        Power: f(ac, "W", 1),
        Voltage: f(230 + wave(9), "V", 1),
        Current: f(ac / 230, "A", 2),
        "Power DC": f(dcPower, "W", 1),
        YieldDay: f(6000 + k, "Wh", 0),
        YieldTotal: f(2700 + k / 1000, "kWh", 3),
        Frequency: f(50 + wave(3) / 100, "Hz", 2),
        PowerFactor: f(0.999, "", 3),
        ReactivePower: f(wave(4), "var", 1),
        Efficiency: f(95.5, "%", 3),
      },
    },
    DC,
    INV: { "0": { Temperature: f(30 + wave(5) * 5, "°C", 1) } },
    events: 2,
  };
}

/** Produces message after message; `rate` (messages per second) turns ticks into data_age seconds. */
export class Feed {
  private k = 0;
  private readonly changedAt: number[];
  private readonly values: number[];
  /** `count`: how many of the ten inverters the documents carry (1-10). */
  constructor(
    public mode: FeedMode,
    public rate: number,
    public readonly count = FEED_INVERTERS.length,
  ) {
    this.changedAt = Array.from({ length: count }, () => 0);
    this.values = Array.from({ length: count }, () => 0);
  }

  get tick(): number {
    return this.k;
  }

  /** The current document (the GET answer); does not advance. */
  current(): string {
    const k = this.k;
    const inverters = this.values.map((_, i) =>
      inverter(i, this.values[i] ?? 0, Math.floor((k - (this.changedAt[i] ?? 0)) / this.rate)),
    );
    return JSON.stringify({
      inverters,
      total: { Power: f(10000 + k, "W", 0), YieldDay: f(60000 + k, "Wh", 0), YieldTotal: f(27000, "kWh", 3) },
      hints: { time_sync: false, radio_problem: false, default_password: false },
    });
  }

  /** Advances one tick and returns the next message. */
  next(): string {
    this.k++;
    for (let i = 0; i < this.count; i++) {
      if (this.mode === "all" || this.k % this.count === i) {
        this.values[i] = this.k;
        this.changedAt[i] = this.k;
      }
    }
    return this.current();
  }
}
