/**
 * The rules of issue 23 against recorded data (harness.ts: the simulated fleet's own sun, clouds and night sleep,
 * "usual" learned from backfilled days), with an injected clock: night, dusk, a cloudy day, a weak string, an
 * inverter that comes back, polling off, a restart with an alert open, and the inverter's own events and commands.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseFault } from "../../src/cli/faultArg.ts";
import { slot } from "../fleet/helpers.ts";
import type { MeterState } from "../../src/alerts/source.ts";
import { HM, HMS, harness, rulesWith, summaryOf, type Harness } from "./harness.ts";

let h: Harness | null = null;
afterEach(() => {
  h?.close();
  h = null;
});

/** Only the rule under test: event-log entries and command failures of the simulation stay out of the way. */
const only = (rules: Parameters<typeof rulesWith>[0]) =>
  rulesWith({
    inverter_silent: { enabled: false },
    weak_string: { enabled: false },
    not_producing: { enabled: false },
    event_log: { enabled: false },
    command_failed: { enabled: false },
    ...rules,
  });

describe("inverter not answering", () => {
  it("is never raised at night, however long the inverter is silent", async () => {
    h = await harness("2024-06-15T20:00:00Z", {
      offline: [HMS],
      rules: only({
        inverter_silent: { enabled: true, minutes: 1 },
        not_producing: { enabled: true, minutes: 1 },
      }),
    });
    await h.runTo("2024-06-16T02:30:00Z", 120);
    expect(h.messages).toEqual([]);
  });

  it("at dusk the sun sets before the threshold is reached: no alert", async () => {
    // 18:45 UTC is 20:45 in Berlin, the sun at about 6°; below 5° a quarter of an hour later.
    h = await harness("2024-06-15T18:45:00Z", {
      offline: [HMS],
      rules: only({
        inverter_silent: { enabled: true, minutes: 30 },
        weak_string: { enabled: true, minutes: 1 },
      }),
      faults: [{ serial: HM, channel: 1, factor: 0.3 }],
    });
    await h.runTo("2024-06-15T21:00:00Z", 60);
    expect(h.messages).toEqual([]);
  });

  it("by day: raised after N minutes counted from the start, once; cleared when it answers again", async () => {
    h = await harness("2024-06-15T09:00:00Z", {
      offline: [HMS],
      rules: only({ inverter_silent: { enabled: true, minutes: 5 } }),
    });
    await h.runTo("2024-06-15T09:04:00Z");
    expect(h.messages).toEqual([]);
    await h.runTo("2024-06-15T09:06:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`inverter_silent ${HMS}`]);
    const raised = h.messages[0];
    expect(raised?.alert?.severity).toBe("critical");
    expect(raised?.title).toBe(`Inverter ${HMS.slice(-4)} is not answering`);
    expect(Object.keys(raised?.alert ?? {})).not.toContain("key"); // the wire shape only
    // Dated from when the inverter went silent, not from the raise 5 minutes later.
    const at = (iso: string): number => Date.parse(iso) / 1000;
    expect(raised?.sent).toBeGreaterThanOrEqual(at("2024-06-15T09:05:00Z"));
    expect(raised?.alert?.started).toBeLessThanOrEqual(at("2024-06-15T09:01:00Z"));
    expect(raised?.alert?.started).toBeGreaterThanOrEqual(at("2024-06-15T09:00:00Z"));
    expect((raised?.sent ?? 0) - (raised?.alert?.started ?? 0)).toBeGreaterThanOrEqual(5 * 60); // the threshold
    await h.runTo("2024-06-15T10:00:00Z");
    expect(summaryOf(h.messages, "raised")).toHaveLength(1); // never twice while open
    expect(h.store.open().map((a) => a.kind)).toEqual(["inverter_silent"]);

    h.fleet.faults.silence(HMS, false);
    await h.runTo("2024-06-15T10:03:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual([]); // hysteresis: back for less than the recovery delay
    await h.runTo("2024-06-15T10:10:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual([`inverter_silent ${HMS}`]);
    const cleared = h.messages.at(-1);
    expect(cleared?.title).toBe(`Recovered: Inverter ${HMS.slice(-4)} is not answering`);
    expect(h.store.open()).toEqual([]);
    const [stored] = h.store.list({ openOnly: false });
    // Answering again from the first poll after 10:00, then 5 minutes of recovery delay (the threshold, at most 10).
    expect(stored?.cleared).toBeGreaterThanOrEqual(at("2024-06-15T10:05:00Z"));
    expect(stored?.cleared).toBeLessThanOrEqual(at("2024-06-15T10:06:00Z"));
  });

  it("polling off: never raised, and an open alert ends", async () => {
    h = await harness("2024-06-15T09:00:00Z", {
      inverters: [slot(HM), slot(HMS, { poll_enable: false })],
      offline: [HMS],
      rules: only({
        inverter_silent: { enabled: true, minutes: 1 },
        not_producing: { enabled: true, minutes: 1 },
      }),
    });
    await h.runTo("2024-06-15T10:00:00Z", 60);
    expect(h.messages).toEqual([]);
  });

  it("a gateway restart with the alert open does not send it again; the recovery still comes", async () => {
    h = await harness("2024-06-15T09:00:00Z", {
      offline: [HMS],
      rules: only({ inverter_silent: { enabled: true, minutes: 2 } }),
    });
    await h.runTo("2024-06-15T09:05:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`inverter_silent ${HMS}`]);
    h.restart();
    await h.runTo("2024-06-15T09:30:00Z");
    expect(summaryOf(h.messages, "raised")).toHaveLength(1);
    h.fleet.faults.silence(HMS, false);
    await h.runTo("2024-06-15T09:40:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual([`inverter_silent ${HMS}`]);
    expect(h.store.list({ openOnly: false })).toHaveLength(1);
  });

  it("polling switched off by day ends an open alert; at night (no night polling) it stays open", async () => {
    // March: the device's night (nautical dusk at 51° N) begins about 19:20 local time.
    h = await harness("2024-03-15T15:00:00Z", {
      inverters: [slot(HM), slot(HMS, { poll_enable_night: false })],
      offline: [HMS],
      rules: only({ inverter_silent: { enabled: true, minutes: 2 } }),
    });
    await h.runTo("2024-03-15T15:05:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`inverter_silent ${HMS}`]);
    await h.runTo("2024-03-15T21:00:00Z", 120);
    expect(h.fleet.liveData().inverters.find((i) => i.serial === HMS)?.poll_enabled).toBe(false);
    expect(summaryOf(h.messages, "cleared")).toEqual([]);
    await h.runTo("2024-03-16T09:00:00Z", 300); // morning: still silent, still open, not raised again
    expect(summaryOf(h.messages, "raised")).toHaveLength(1);
    h.config.inverters[1]!.poll_enable = false;
    h.fleet.reconfigure(h.config);
    await h.runTo("2024-03-16T09:10:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual([`inverter_silent ${HMS}`]);
  });
});

describe("weak string", () => {
  it("a cloudy day dims all strings together: no alert", async () => {
    // Every string at a quarter of its power: the system still makes well over 10 % of its usual peak.
    const all = [0, 1].map((channel) => ({ serial: HM, channel, factor: 0.25 }));
    const hms = [0, 1, 2, 3].map((channel) => ({ serial: HMS, channel, factor: 0.25 }));
    h = await harness("2024-06-15T08:00:00Z", {
      faults: [...all, ...hms],
      rules: only({ weak_string: { enabled: true, minutes: 1 } }),
    });
    await h.runTo("2024-06-15T14:00:00Z", 60);
    expect(h.messages).toEqual([]);
  });

  it("raised within M minutes, once, naming the string as --fault does; recovery after the string is back", async () => {
    h = await harness("2024-06-15T10:00:00Z", {
      // `--fault SERIAL:3=…`: the third string, the one the alert's title names.
      faults: [parseFault(`${HMS}:3=0.4`)],
      rules: only({ weak_string: { enabled: true, minutes: 10, percent: 60 } }),
    });
    await h.runTo("2024-06-15T10:09:00Z");
    expect(h.messages).toEqual([]);
    await h.runTo("2024-06-15T10:12:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`weak_string ${HMS}/2`]);
    expect(h.messages[0]?.title).toBe(`Inverter ${HMS.slice(-4)}: string 3 is weak`);
    await h.runTo("2024-06-15T12:00:00Z", 60);
    expect(summaryOf(h.messages, "raised")).toHaveLength(1);
    h.fleet.faults.string(HMS, 2, 1);
    await h.runTo("2024-06-15T12:20:00Z", 60);
    expect(summaryOf(h.messages, "cleared")).toEqual([`weak_string ${HMS}/2`]);
  });

  it("names the string as Settings > Inverters does, in the words and the facts (issue 34 §2, §4)", async () => {
    const channel = ["North", "East", "South", "West"].map((name) => ({
      name,
      max_power: 0,
      yield_total_offset: 0,
    }));
    h = await harness("2024-06-15T10:00:00Z", {
      inverters: [slot(HM), slot(HMS, { channel })],
      faults: [parseFault(`${HMS}:2=0.4`)],
      rules: only({ weak_string: { enabled: true, minutes: 10, percent: 60 } }),
    });
    h.alertConfig.language = "de";
    await h.runTo("2024-06-15T10:12:00Z");
    expect(h.messages[0]?.title).toBe(`Inverter ${HMS.slice(-4)}: String East liefert zu wenig`);
    const facts = h.messages[0]?.alert?.facts;
    expect(facts).toMatchObject({ string: 2, string_name: "East", minutes: 10, percent: 60 });
    expect(facts?.share).toBeGreaterThan(0);
    // Stored with the alert: the list carries the facts too, and only the documented fields.
    const [stored] = h.store.open();
    expect(stored?.facts).toEqual(facts);
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      [
        ...[
          "acknowledged",
          "channel",
          "cleared",
          "deliveries",
          "detail",
          "facts",
          "id",
          "key",
          "kind",
          "name",
        ],
        ...["serial", "severity", "started", "title"],
      ].sort(),
    );
  });

  it("not judged while the sun is low, so a weak string in the evening waits for the next day", async () => {
    h = await harness("2024-06-15T17:55:00Z", {
      faults: [{ serial: HMS, channel: 2, factor: 0.4 }],
      rules: only({ weak_string: { enabled: true, minutes: 1 } }),
    });
    await h.runTo("2024-06-15T20:00:00Z", 60);
    expect(h.messages).toEqual([]);
  });
});

describe("reachable but not producing", () => {
  it("an inverter switched off while its sibling produces", async () => {
    h = await harness("2024-06-15T09:00:00Z", {
      rules: only({ not_producing: { enabled: true, minutes: 3 } }),
    });
    await h.runTo("2024-06-15T09:01:00Z");
    h.fleet.setPower(HM, false);
    // Off once the command is acknowledged and the DTU read the inverter again (a few seconds): 3 minutes on.
    await h.runTo("2024-06-15T09:03:30Z");
    expect(h.messages).toEqual([]);
    await h.runTo("2024-06-15T09:05:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`not_producing ${HM}`]);
    h.fleet.setPower(HM, true);
    await h.runTo("2024-06-15T09:20:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual([`not_producing ${HM}`]);
  });
});

describe("the inverter's own events and commands", () => {
  it("a new event-log entry: raised once with its text in the alert language, cleared when it ends", async () => {
    h = await harness("2024-06-15T09:00:00Z", {
      rules: only({ event_log: { enabled: true, ignore_ids: [1, 2, 12] } }),
    });
    h.alertConfig.language = "de";
    await h.runTo("2024-06-15T09:01:00Z");
    h.fleet.faults.event(HM, 141); // active
    h.fleet.faults.event(HM, 12, h.now()); // ignored
    await h.runTo("2024-06-15T09:03:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`event_log ${HM}`]);
    expect(h.messages[0]?.title).toBe(`Inverter ${HM.slice(-4)}: Netz: Überspannung`);
    h.restart();
    await h.runTo("2024-06-15T09:06:00Z");
    expect(summaryOf(h.messages, "raised")).toHaveLength(1);
    expect(h.store.open().map((a) => a.title)).toEqual([`Inverter ${HM.slice(-4)}: Netz: Überspannung`]);
    expect(h.fleet.faults.endEvent(HM, 141)).toBe(true);
    // The log is read again every 5 minutes while one of its entries is open.
    await h.runTo("2024-06-15T09:12:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual([`event_log ${HM}`]);
    expect(h.messages.at(-1)?.title).toBe(`Behoben: Inverter ${HM.slice(-4)}: Netz: Überspannung`);
  });

  it("a limit command that ends in Failure; cleared once the inverter acknowledges", async () => {
    h = await harness("2024-06-15T09:00:00Z", { rules: only({ command_failed: { enabled: true } }) });
    await h.runTo("2024-06-15T09:01:00Z");
    h.fleet.faults.failCommands(HM, true);
    h.fleet.setLimit(HM, 50, 1);
    // Failure alternates with Pending (re-sent every poll cycle, API.md §3.7): a 1 s clock sees both.
    await h.runTo("2024-06-15T09:01:30Z", 1);
    expect(summaryOf(h.messages, "raised")).toEqual([`command_failed ${HM}`]);
    h.fleet.faults.failCommands(HM, false);
    await h.runTo("2024-06-15T09:02:00Z", 1);
    expect(summaryOf(h.messages, "cleared")).toEqual([`command_failed ${HM}`]);
  });
});

describe("the household meter not answering (issue 31 §7)", () => {
  it("raised after N minutes stale or failing, once; cleared when it reads again; nothing without a meter", async () => {
    h = await harness("2024-06-15T09:00:00Z", {
      rules: only({ meter_silent: { enabled: true, minutes: 10 } }),
    });
    await h.runTo("2024-06-15T09:30:00Z");
    expect(h.messages).toEqual([]); // no meter watched: the rule says nothing
    let state: MeterState = "ok";
    h.source.watchMeter(() => state);
    await h.runTo("2024-06-15T09:40:00Z");
    expect(h.messages).toEqual([]);
    state = "stale";
    await h.runTo("2024-06-15T09:49:00Z");
    expect(h.messages).toEqual([]);
    state = "error"; // a failing read after stale: the same condition goes on
    await h.runTo("2024-06-15T09:52:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual(["meter_silent dtu"]);
    const raised = h.messages[0];
    expect(raised?.alert?.severity).toBe("warning");
    expect(raised?.title).toBe("OpenDTU-Test: the household meter is not answering");
    expect(raised?.alert?.facts).toEqual({ minutes: 10 });
    await h.runTo("2024-06-15T10:30:00Z");
    expect(summaryOf(h.messages, "raised")).toHaveLength(1);
    state = "ok";
    await h.runTo("2024-06-15T10:41:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual(["meter_silent dtu"]);
    // Switched off by the owner: not "not answering".
    state = "off";
    await h.runTo("2024-06-15T11:30:00Z");
    expect(summaryOf(h.messages, "raised")).toHaveLength(1);
  });
});

describe("zero export paused or without its DTU (issue 32 §2)", () => {
  it("paused: raised at once on the inverter, cleared on resume and when zero export is turned off", async () => {
    h = await harness("2024-06-15T09:00:00Z", { rules: only({}) });
    await h.runTo("2024-06-15T09:05:00Z");
    const tell = h.source.watchZeroExport();
    tell({ kind: "paused", serial: HMS });
    await h.runTo("2024-06-15T09:06:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`zeroexport_paused ${HMS}`]);
    const raised = h.messages[0];
    expect(raised?.alert?.severity).toBe("warning");
    expect(raised?.title).toBe("Zero export paused: the limit of Inverter 5678 was changed by someone else");
    expect(raised?.alert?.facts).toEqual({});
    tell({ kind: "resumed" });
    await h.runTo("2024-06-15T09:07:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual([`zeroexport_paused ${HMS}`]);
    tell({ kind: "paused", serial: HM });
    await h.runTo("2024-06-15T09:08:00Z");
    tell({ kind: "off" });
    await h.runTo("2024-06-15T09:09:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual([`zeroexport_paused ${HMS}`, `zeroexport_paused ${HM}`]);
    expect(summaryOf(h.messages, "cleared")).toHaveLength(2);
  });

  it("the DTU not answering while zero export is on: after N minutes, cleared when it answers or zero export is off", async () => {
    h = await harness("2024-06-15T09:00:00Z", {
      rules: only({ zeroexport_unreachable: { enabled: true, minutes: 2 } }),
    });
    const tell = h.source.watchZeroExport();
    tell({ kind: "unreachable" });
    await h.runTo("2024-06-15T09:01:00Z");
    tell({ kind: "reachable" }); // a short break says nothing
    await h.runTo("2024-06-15T09:05:00Z");
    expect(h.messages).toEqual([]);
    tell({ kind: "unreachable" });
    await h.runTo("2024-06-15T09:08:00Z");
    expect(summaryOf(h.messages, "raised")).toEqual(["zeroexport_unreachable dtu"]);
    expect(h.messages[0]?.alert?.severity).toBe("critical");
    expect(h.messages[0]?.title).toBe("Zero export: OpenDTU-Test (DTU) is not answering");
    expect(h.messages[0]?.alert?.facts).toEqual({ minutes: 2 });
    tell({ kind: "reachable" });
    await h.runTo("2024-06-15T09:09:00Z");
    expect(summaryOf(h.messages, "cleared")).toEqual(["zeroexport_unreachable dtu"]);
    tell({ kind: "unreachable" });
    await h.runTo("2024-06-15T09:12:00Z");
    tell({ kind: "off" });
    await h.runTo("2024-06-15T09:13:00Z");
    expect(summaryOf(h.messages, "raised")).toHaveLength(2);
    expect(summaryOf(h.messages, "cleared")).toHaveLength(2);
  });
});

describe("daily summary", () => {
  it("once after sunset, with energy, peak, each inverter and the alerts still open; not again after a restart", async () => {
    h = await harness("2024-06-15T17:00:00Z", {
      offline: [HMS],
      rules: only({ daily_summary: { enabled: true }, inverter_silent: { enabled: true, minutes: 5 } }),
    });
    await h.runTo("2024-06-15T19:00:00Z", 60);
    expect(summaryOf(h.messages, "summary")).toEqual([]); // the sun is still up (about 4° at 21:00 in Berlin)
    await h.runTo("2024-06-15T20:00:00Z", 60);
    const summaries = h.messages.filter((m) => m.event === "summary");
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.title).toBe("OpenDTU-Test: daily summary 2024-06-15");
    expect(summaries[0]?.text).toMatch(/^Energy \d+\.\d\d kWh, peak \d+ W\./);
    expect(summaries[0]?.text).toContain(`Inverter ${HM.slice(-4)}: `);
    expect(summaries[0]?.text).toContain(`Open alerts:\n- Inverter ${HMS.slice(-4)} is not answering`);
    h.restart();
    await h.runTo("2024-06-15T21:00:00Z", 120);
    expect(h.messages.filter((m) => m.event === "summary")).toHaveLength(1);
  });
});
