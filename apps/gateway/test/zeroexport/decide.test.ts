/**
 * The controller's decisions (issue 32 §2), one test per rule: each fails when its rule is taken out of
 * src/zeroexport (checked by breaking each rule once, README "Tests").
 */
import type { ZeroExportConfig } from "@dtu/api/zeroexport";
import { describe, expect, it } from "vitest";
import { decide } from "../../src/zeroexport/decide.ts";
import { automaticDeadband, lateAfterMs, staleAfterMs } from "../../src/zeroexport/meter.ts";
import type { ControllerInput, InverterView, MeterSample } from "../../src/zeroexport/types.ts";
import { describeWhy } from "../../src/zeroexport/why.ts";

const NOW = 1_750_000_000_000;
const A = "114182123456";
const B = "116482345678";

function inverter(serial: string, patch: Partial<InverterView> = {}): InverterView {
  return {
    serial,
    rating_w: 800,
    limit_w: 600,
    output_w: 600,
    read_at: NOW - 1000,
    reachable: true,
    pending: false,
    commanded_w: null,
    commanded_from_w: null,
    last_command_at: null,
    response_ms: null,
    command_times: [],
    ...patch,
  };
}

/** Samples one interval apart, the last at NOW. */
const samples = (...grid: number[]): MeterSample[] =>
  grid.map((g, i) => ({ at: NOW - (grid.length - 1 - i) * 1000, grid_w: g }));

function input(
  grid: number[],
  inverters: InverterView[] = [inverter(A)],
  settings: Partial<ZeroExportConfig> = {},
): ControllerInput {
  return {
    now: NOW,
    clock_known: true,
    meter: { samples: samples(...grid), interval_ms: 1000, error: null },
    inverters,
    settings: {
      enabled: true,
      target_w: 20,
      deadband_w: 10,
      max_total_w: null,
      fallback_w: null,
      inverters: inverters.map((i) => ({ serial: i.serial, enabled: true, min_w: 50, max_w: 800 })),
      ...settings,
    },
  };
}

const targets = (i: ControllerInput) => decide(i).orders.map((o) => [o.serial, o.to_w]);

describe("when nothing is sent", () => {
  it("off: no commands", () => {
    const d = decide(input([-300], undefined, { enabled: false }));
    expect(d).toMatchObject({ state: "off", orders: [] });
  });

  it("before the device's time is known", () => {
    const d = decide({ ...input([-300]), clock_known: false });
    expect(d).toMatchObject({ state: "waiting", reason: { code: "waiting_clock" }, orders: [] });
  });

  it("before the first meter reading", () => {
    const d = decide(input([]));
    expect(d).toMatchObject({ state: "waiting", reason: { code: "waiting_meter" }, orders: [] });
  });

  it("before a reachable controlled inverter's rating, limit and output are known", () => {
    for (const patch of [{ rating_w: null }, { limit_w: null }, { output_w: null }]) {
      const d = decide(input([-300], [inverter(A, patch), inverter(B)]));
      expect(d).toMatchObject({ state: "waiting", reason: { code: "waiting_facts", params: { serial: A } } });
      expect(d.orders).toEqual([]);
    }
  });

  it("while the grid is within the band around the target (a steady load)", () => {
    for (const grid of [
      [20, 20],
      [29, 29],
      [11, 11],
      [40, 29],
      [29, 40],
    ]) {
      const d = decide(input(grid));
      expect(d.orders).toEqual([]);
    }
    expect(decide(input([25, 25])).reason.code).toBe("in_band");
  });

  it("to an unreachable inverter (its last output goes on flowing), nor to one that is not controlled", () => {
    expect(targets(input([-300], [inverter(A, { reachable: false })]))).toEqual([]);
    const off = input([-300], [inverter(A), inverter(B)]);
    off.settings.inverters[0] = { serial: A, enabled: false, min_w: 50, max_w: 800 };
    expect(targets(off)).toEqual([[B, 280]]);
  });

  it("to an inverter with a command in flight", () => {
    expect(
      targets(input([-300], [inverter(A, { pending: true, commanded_w: 600, commanded_from_w: 600 })])),
    ).toEqual([]);
  });

  it("to an inverter before its measured response to the last command (time passed and a reading after it)", () => {
    const last = { last_command_at: NOW - 4000, response_ms: 5000, commanded_w: 600, commanded_from_w: 600 };
    expect(targets(input([-300], [inverter(A, last)]))).toEqual([]);
    // Response time passed, but the reading is older than that.
    const late = { ...last, last_command_at: NOW - 6000, read_at: NOW - 1500 };
    expect(targets(input([-300], [inverter(A, late)]))).toEqual([]);
    // A reading after the response: judged again.
    expect(targets(input([-300], [inverter(A, { ...late, read_at: NOW - 500 })]))).toEqual([[A, 280]]);
    // Not measured yet: 10 s assumed.
    const unmeasured = { ...last, response_ms: null, last_command_at: NOW - 9000, read_at: NOW };
    expect(targets(input([-300], [inverter(A, unmeasured)]))).toEqual([]);
  });

  it("beyond 60 commands in an hour to one inverter", () => {
    const times = (n: number, age = 60_000) => Array.from({ length: n }, (_, i) => NOW - age - i * 1000);
    expect(targets(input([-300], [inverter(A, { command_times: times(60) })]))).toEqual([]);
    expect(targets(input([-300], [inverter(A, { command_times: times(59) })]))).toEqual([[A, 280]]);
    expect(targets(input([-300], [inverter(A, { command_times: times(60, 3600_000) })]))).toEqual([[A, 280]]);
  });
});

describe("export: cut at once", () => {
  it("on the first sample below the band, by what brings the grid to the target", () => {
    const d = decide(input([30, -300]));
    expect(d.state).toBe("active");
    expect(d.orders).toEqual([
      {
        serial: A,
        from_w: 600,
        to_w: 280,
        type: 0,
        why: { code: "export", params: { grid_w: -300, target_w: 20, deadband_w: 10, cut_w: 320 } },
      },
    ]);
  });

  it("from the output, not the limit, when the sun holds the output below the limit", () => {
    expect(targets(input([-100], [inverter(A, { limit_w: 800, output_w: 400 })]))).toEqual([[A, 280]]);
  });

  it("a negative target caps export instead", () => {
    expect(targets(input([-700], undefined, { target_w: -600 }))).toEqual([[A, 500]]);
    expect(targets(input([-595], undefined, { target_w: -600 }))).toEqual([]);
  });

  it("as few inverters as possible: the one with most room takes all it can, the others stay", () => {
    const two = [inverter(A, { limit_w: 300, output_w: 300 }), inverter(B, { limit_w: 500, output_w: 500 })];
    expect(targets(input([-80], two))).toEqual([[B, 400]]);
    // More than one can give: the first goes to its minimum, the next takes the rest.
    expect(targets(input([-580], two))).toEqual([
      [B, 50],
      [A, 150],
    ]);
  });

  it("never below an inverter's minimum", () => {
    expect(targets(input([-2000]))).toEqual([[A, 50]]);
  });

  it("counts a cut on its way: no second inverter cut for the same export", () => {
    const a = inverter(A, {
      pending: true,
      commanded_w: 300,
      commanded_from_w: 600,
      last_command_at: NOW - 500,
    });
    expect(targets(input([-280], [a, inverter(B)]))).toEqual([]);
    // More export than the cut on its way covers: the rest from the other one.
    expect(targets(input([-380], [a, inverter(B)]))).toEqual([[B, 500]]);
  });
});

describe("import beyond the band: raise", () => {
  const low = () => inverter(A, { limit_w: 200, output_w: 200 });

  it("only when two samples in a row are above the band", () => {
    expect(targets(input([20, 300], [low()]))).toEqual([]);
    expect(targets(input([300], [low()]))).toEqual([]);
    expect(targets(input([300, 300], [low()]))).toEqual([[A, 480]]);
  });

  it("by at most the missing watts (the smaller of the two excesses)", () => {
    const d = decide(input([250, 400], [low()]));
    expect(d.orders).toEqual([
      {
        serial: A,
        from_w: 200,
        to_w: 430,
        type: 0,
        why: { code: "import_excess", params: { grid_w: 400, target_w: 20, deadband_w: 10, missing_w: 230 } },
      },
    ]);
  });

  it("never above an inverter's max nor its rating", () => {
    expect(targets(input([2000, 2000], [low()]))).toEqual([[A, 800]]);
    const small = input([2000, 2000], [low()]);
    small.settings.inverters[0] = { serial: A, enabled: true, min_w: 50, max_w: 500 };
    expect(targets(small)).toEqual([[A, 500]]);
    expect(
      targets(input([2000, 2000], [inverter(A, { rating_w: 300, limit_w: 200, output_w: 200 })])),
    ).toEqual([[A, 300]]);
  });

  it("not an inverter producing well below its limit (the sun limits it)", () => {
    const sunny = inverter(A, { limit_w: 600, output_w: 300 });
    expect(targets(input([300, 300], [sunny]))).toEqual([]);
    expect(targets(input([300, 300], [sunny, inverter(B, { limit_w: 100, output_w: 98 })]))).toEqual([
      [B, 380],
    ]);
  });

  /** A raised from 200 to 400 W, the command still on its way. */
  const raising = () =>
    inverter(A, { pending: true, commanded_w: 400, commanded_from_w: 200, limit_w: 200, output_w: 200 });

  it("a raise on its way is no export: no cut before a sample shows export", () => {
    expect(targets(input([15, 15], [raising(), inverter(B)]))).toEqual([]);
  });

  it("no second raise while a raise is on its way (its response is awaited); once it responded, the rest", () => {
    const b = inverter(B, { limit_w: 100, output_w: 100 });
    expect(targets(input([300, 300], [raising(), b]))).toEqual([]);
    const responded = inverter(A, {
      commanded_w: 400,
      commanded_from_w: 200,
      limit_w: 400,
      output_w: 400,
      last_command_at: NOW - 20_000,
    });
    expect(targets(input([100, 100], [responded, b]))).toEqual([[B, 180]]);
  });

  it("counts a cut on its way when raising", () => {
    const cutting = inverter(A, {
      pending: true,
      commanded_w: 300,
      commanded_from_w: 600,
      limit_w: 600,
      output_w: 600,
    });
    expect(targets(input([100, 100], [cutting, inverter(B, { limit_w: 100, output_w: 100 })]))).toEqual([
      [B, 480],
    ]);
  });
});

describe("the band", () => {
  it("automatic (deadband_w 0): twice the meter's median step, at least 10 W", () => {
    const meter = (grid: number[]) => ({ samples: samples(...grid), interval_ms: 1000, error: null });
    expect(automaticDeadband(meter([20, 21, 20, 21]))).toBe(10);
    expect(automaticDeadband(meter([]))).toBe(10);
    expect(automaticDeadband(meter([0, 30, 0, 30, 0, 1000, 1000]))).toBe(60);
    // A 40 W swing is noise with the automatic band, a command with a set one of 10 W.
    const noisy = [0, 40, 0, 40, 0, 40, 60, 60];
    expect(
      decide(input(noisy, [inverter(A, { limit_w: 200, output_w: 200 })], { deadband_w: 0 })),
    ).toMatchObject({
      deadband_w: 80,
      orders: [],
    });
    expect(decide(input(noisy, [inverter(A, { limit_w: 200, output_w: 200 })])).orders).toHaveLength(1);
  });
});

describe("fail safe", () => {
  it("a meter silent for max(3 intervals, 10 s): every controlled inverter to its fallback (default its minimum)", () => {
    expect(staleAfterMs(1000)).toBe(10_000);
    expect(staleAfterMs(5000)).toBe(15_000);
    const two = [inverter(A), inverter(B, { limit_w: 700, output_w: 100 })];
    const silent = (
      ageMs: number,
      interval = 1000,
      settings: Partial<ZeroExportConfig> = {},
    ): ControllerInput => {
      const i = input([25], two, settings);
      return {
        ...i,
        meter: { samples: [{ at: NOW - ageMs, grid_w: 25 }], interval_ms: interval, error: null },
      };
    };
    expect(decide(silent(10_000)).orders).toEqual([]);
    const d = decide(silent(10_001));
    expect(d.state).toBe("fallback");
    expect(d.reason).toEqual({ code: "fallback_meter_stale", params: { silent_s: 10 } });
    expect(d.orders.map((o) => [o.serial, o.to_w, o.type, o.why.code])).toEqual([
      [A, 50, 0, "fallback_meter_stale"],
      [B, 50, 0, "fallback_meter_stale"],
    ]);
    expect(decide(silent(14_000, 5000)).orders).toEqual([]);
    expect(decide(silent(15_001, 5000)).orders).toHaveLength(2);
    expect(decide(silent(20_000, 1000, { fallback_w: 120 })).orders.map((o) => o.to_w)).toEqual([120, 120]);
  });

  it("a meter in error: the same, at once", () => {
    const i = input([25, 25]);
    const d = decide({ ...i, meter: { ...i.meter, error: "login refused" } });
    expect(d).toMatchObject({ state: "fallback", reason: { code: "fallback_meter_error" } });
    expect(d.orders.map((o) => o.to_w)).toEqual([50]);
  });

  it("fallback: nothing to an inverter already there, unreachable or with a command in flight; never above max", () => {
    const stale = (inverters: InverterView[], settings: Partial<ZeroExportConfig> = {}) => {
      const i = input([25], inverters, settings);
      return decide({ ...i, meter: { ...i.meter, samples: [{ at: NOW - 60_000, grid_w: 25 }] } });
    };
    expect(stale([inverter(A, { limit_w: 50 })]).orders).toEqual([]);
    expect(stale([inverter(A, { reachable: false })]).orders).toEqual([]);
    expect(stale([inverter(A, { pending: true, commanded_w: 300 })]).orders).toEqual([]);
    // Sent and acknowledged, the live limit not there yet: not sent again.
    expect(stale([inverter(A, { commanded_w: 50, last_command_at: NOW - 1000 })]).orders).toEqual([]);
    expect(stale([inverter(A)], { fallback_w: 2000 }).orders.map((o) => o.to_w)).toEqual([800]);
    // Budget and response wait do not hold back the fallback.
    const busy = inverter(A, {
      command_times: Array.from({ length: 60 }, () => NOW - 1000),
      last_command_at: NOW - 100,
    });
    expect(stale([busy]).orders.map((o) => o.to_w)).toEqual([50]);
  });
});

describe("limits and the cap", () => {
  it("a limit above an inverter's max is brought down to it", () => {
    const i = input([25, 25], [inverter(A, { limit_w: 800, output_w: 300 })]);
    i.settings.inverters[0] = { serial: A, enabled: true, min_w: 50, max_w: 600 };
    const d = decide(i);
    expect(d.orders).toEqual([
      { serial: A, from_w: 800, to_w: 600, type: 0, why: { code: "above_max", params: { max_w: 600 } } },
    ]);
  });

  it("the total cap: limits above it are cut, raises stop at it; other inverters' output counts", () => {
    const two = [inverter(A, { limit_w: 600, output_w: 600 }), inverter(B, { limit_w: 400, output_w: 100 })];
    const i = input([25, 25], two, { max_total_w: 800 });
    expect(decide(i).orders.map((o) => [o.serial, o.to_w, o.why.code])).toEqual([[A, 400, "cap_total"]]);
    // Only A controlled: B's output (100) counts against the cap of 500, A may rise to 400.
    const j = input(
      [500, 500],
      [inverter(A, { limit_w: 300, output_w: 300 }), inverter(B, { output_w: 100 })],
      {
        max_total_w: 500,
      },
    );
    j.settings.inverters = [{ serial: A, enabled: true, min_w: 50, max_w: 800 }];
    expect(targets(j)).toEqual([[A, 400]]);
  });
});

describe("every command", () => {
  it("is an absolute non-persistent limit with its why in words", () => {
    for (const i of [input([-300]), input([300, 300], [inverter(A, { limit_w: 100, output_w: 100 })])]) {
      for (const o of decide(i).orders) {
        expect(o.type).toBe(0);
        expect(describeWhy(o.why).message).toMatch(/W/);
      }
    }
    expect(describeWhy({ code: "export", params: { grid_w: -170, target_w: 20, cut_w: 190 } }).message).toBe(
      "export 170 W (target 20 W): cut 190 W",
    );
  });

  it("a meter late (not stale yet) gets no new command, so nothing is in flight when the fallback is due", () => {
    expect(lateAfterMs(1000)).toBe(5_000);
    const i = input([-300]);
    const late = (ageMs: number) =>
      decide({ ...i, meter: { ...i.meter, samples: [{ at: NOW - ageMs, grid_w: -300 }] } });
    expect(late(5_000).orders).toHaveLength(1);
    expect(late(5_001)).toMatchObject({
      state: "active",
      reason: { code: "meter_late", params: { silent_s: 5 } },
      orders: [],
    });
  });
});
