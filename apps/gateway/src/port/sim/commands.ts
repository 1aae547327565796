/**
 * Commands to the simulated device (API.md §3.7, §3.8) through its fleet, checked as its routes check them
 * (routes/live.ts), and acknowledged from the fleet's limit/power status, looked at on each of the app's ticks.
 */
import { deviceLimits } from "@dtu/api/limits";
import type { DeviceAnswer, CommandOutcome, LimitCommand } from "../contract.ts";
import type { Fleet, LogLine } from "../../device/contracts.ts";
import { ACK_WAIT_MS, answer, outcome, SAVED, settled, statusOf, type AckKind } from "../commands.ts";

interface Waiting {
  kind: AckKind;
  serial: string;
  sentAt: number;
  done: (o: CommandOutcome) => void;
}

export interface SimCommands {
  setLimit(command: LimitCommand): Promise<CommandOutcome>;
  setPower(serial: string, on: boolean): Promise<CommandOutcome>;
  restart(serial: string): Promise<CommandOutcome>;
  /** The tick: commands whose status left Pending end, those waited for too long time out. */
  settle(): void;
  close(): void;
}

export function simCommands(
  fleet: Fleet,
  now: () => number,
  answering: () => boolean,
  log: LogLine = () => undefined,
): SimCommands {
  const waiting = new Set<Waiting>();
  const end = (w: Waiting, o: CommandOutcome): void => {
    waiting.delete(w);
    w.done(o);
  };

  /** Sends when the device answers and knows the inverter; resolves at its acknowledgement. */
  const send = (kind: AckKind, serial: string, unknown: number, run: () => void): Promise<CommandOutcome> => {
    if (!answering()) return Promise.resolve(outcome("unreachable", null));
    if (!fleet.has(serial)) return Promise.resolve(outcome("refused", answer(unknown)));
    run();
    return new Promise((done) => waiting.add({ kind, serial, sentAt: now(), done }));
  };

  const refused = (a: DeviceAnswer): Promise<CommandOutcome> => Promise.resolve(outcome("refused", a));

  return {
    setLimit({ serial, value, type }) {
      if (value === 0 || value > deviceLimits.limitValueMax) return refused(answer(5002));
      if (![0, 1, 256, 257].includes(type)) return refused(answer(5003));
      return send("limit", serial, 5004, () => {
        log(`Limit command: ${serial} ${value} type ${type}`);
        fleet.setLimit(serial, value, type);
      });
    },
    setPower: (serial, on) =>
      send("power", serial, 11002, () => {
        log(`Power command: ${serial} ${on ? "on" : "off"}`);
        fleet.setPower(serial, on);
      }),
    restart: (serial) =>
      send("power", serial, 11002, () => {
        log(`Restart command: ${serial}`);
        fleet.restart(serial);
      }),
    settle() {
      if (waiting.size === 0) return;
      if (!answering()) {
        // The simulated reboot forgets every command in flight (fleet.reboot()).
        for (const w of [...waiting]) end(w, outcome("unreachable", SAVED));
        return;
      }
      const limit = fleet.limitStatus();
      const power = fleet.powerStatus();
      for (const w of [...waiting]) {
        const result = settled(statusOf(w.kind, w.serial, limit, power));
        if (result) end(w, outcome(result, SAVED, now() - w.sentAt));
        else if (now() - w.sentAt >= ACK_WAIT_MS) end(w, outcome("timeout", SAVED));
      }
    },
    close() {
      for (const w of [...waiting]) end(w, outcome("unreachable", SAVED));
    },
  };
}
