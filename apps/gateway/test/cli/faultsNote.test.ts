/** The start message's words for `--offline` and `--fault` (issue 34 item 13): by the names the screens show. */
import { describe, expect, it } from "vitest";
import { faultsNote } from "../../src/cli/faultsNote.ts";
import { parseFault } from "../../src/cli/faultArg.ts";
import { serialFromWire } from "../../src/wire/coerce.ts";

const channel = (name: string) => ({ name, max_power: 0, yield_total_offset: 0 });
const INVERTERS = [
  { serial: serialFromWire("114182123456"), name: "Garage roof", channel: [channel("East"), channel("")] },
  { serial: serialFromWire("116482345678"), name: "", channel: [] },
  { serial: 0, name: "", channel: [] },
];

describe("faultsNote", () => {
  it("says nothing without faults", () => {
    expect(faultsNote(INVERTERS, [], [])).toEqual([]);
  });

  it("names each inverter switched off and each weak string, with its share", () => {
    const lines = faultsNote(
      INVERTERS,
      ["114182123456", "0116482345678"],
      [parseFault("114182123456:1=0.35"), parseFault("114182123456:2=0")],
    );
    expect(lines).toEqual([
      "Simulated faults asked for on the command line:",
      '  --offline: inverter "Garage roof" (114182123456) never answers, as if switched off at the breaker',
      "  --offline: inverter 116482345678 never answers, as if switched off at the breaker",
      '  --fault: string 1 ("East") of inverter "Garage roof" (114182123456) gives 35 % of its power',
      '  --fault: string 2 of inverter "Garage roof" (114182123456) gives 0 % of its power',
    ]);
  });

  it("says when a serial is none of the simulated inverters", () => {
    expect(faultsNote(INVERTERS, ["abc"], [parseFault("116182000001:1=0.5")]).slice(1)).toEqual([
      "  --offline: inverter abc is not one of the simulated inverters (Settings > Inverters), so nothing changes",
      "  --fault: inverter 116182000001 is not one of the simulated inverters (Settings > Inverters), so nothing changes",
    ]);
  });
});
