import { describe, expect, it } from "vitest";
import type { InverterList } from "@dtu/api/settings";
import { unknownModels } from "./UnknownModel";

const entry = (id: number, serial: string, type: string) =>
  ({ id, serial, type, name: `Inverter ${id}` }) as unknown as InverterList["inverter"][number];

describe("unknownModels", () => {
  it("lists unknown models the live data lacks, matched by serial in any letter case (issue 21 item 6)", () => {
    const list = [
      entry(0, "1164A0000001", "HM-600"),
      entry(1, "99999", "Unknown"),
      entry(2, "abc", "Unknown"),
    ];
    // "abc" is in the live data (as its second slot too): it keeps only its live tab.
    expect(unknownModels(list, ["1164A0000001", "ABC", "ABC~2"]).map((i) => i.id)).toEqual([1]);
    expect(unknownModels(list, []).map((i) => i.id)).toEqual([1, 2]);
    expect(unknownModels(undefined, ["x"])).toEqual([]);
  });
});
