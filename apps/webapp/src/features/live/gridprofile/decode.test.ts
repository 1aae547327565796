import { describe, expect, it } from "vitest";
import { decodeProfile } from "./decode";
import { SECTION_KEYS, SECTIONS } from "./table";

/** Profile bytes: id, version, then (section id, version, u16 values…) groups, zero-filled to `size`. */
function bytes(head: number[], sections: [number, number, number[]][], size = 141): number[] {
  const out = [...head];
  for (const [id, version, values] of sections) {
    out.push(id, version);
    for (const v of values) out.push(v >> 8, v & 0xff);
  }
  while (out.length < size) out.push(0);
  return out;
}
// The label key without "grid.", "T" added for a trip time (unit "t"), as the tables read before the keys were written out.
const labels = (p: ReturnType<typeof decodeProfile>, i: number) =>
  p?.sections[i]?.items.map((it) => [
    it.label.slice("grid.".length) + (it.unit === "t" ? "T" : ""),
    it.n,
    it.value,
    it.unit,
  ]);

describe("decodeProfile (issue 13 item 6)", () => {
  it("German VDE 4105: name, version, sections with scaled values", () => {
    const p = decodeProfile(
      bytes(
        [0x03, 0x00, 0x21, 0x05],
        [
          [0x00, 0x00, [2300, 1840, 30, 2645, 1]],
          [0x10, 0x00, [5000, 4750, 1, 5150, 1]],
          [0x20, 0x00, [1]],
        ],
      ),
    );
    expect(p).toMatchObject({ name: "DE - DE_VDE4105_2018", version: "2.1.5", stop: undefined });
    expect(p?.sections.map((s) => s.id)).toEqual([0x00, 0x10, 0x20]);
    expect(labels(p, 0)).toEqual([
      ["nv", undefined, 230, "V"],
      ["lv", 1, 184, "V"],
      ["lvT", 1, 3, "t"],
      ["hv", 1, 264.5, "V"],
      ["hvT", 1, 0.1, "t"],
    ]);
    expect(labels(p, 1)?.[0]).toEqual(["nf", undefined, 50, "Hz"]);
    expect(labels(p, 2)).toEqual([["on", undefined, 1, "b"]]);
  });

  it("EN 50549 with section versions whose item lists differ (voltage v0x0A, reconnection v0x07)", () => {
    const p = decodeProfile(
      bytes(
        [0x0a, 0x00, 0x20, 0x01],
        [
          [0x00, 0x0a, [2300, 1840, 30, 2645, 1, 1035, 30, 2530]],
          [0x30, 0x07, [600, 2530, 1955, 5010, 4750, 30, 30]],
        ],
      ),
    );
    expect(p?.name).toBe("XX - EN 50549-1:2019");
    // v0x0A: LV2 trip time in 0.01 s, then the 10-minute mean.
    expect(labels(p, 0)?.slice(5)).toEqual([
      ["lv", 2, 103.5, "V"],
      ["lvT", 2, 0.3, "t"],
      ["ahv", undefined, 253, "V"],
    ]);
    expect(labels(p, 1)?.map((x) => x[0])).toEqual(["rt", "rvMax", "rvMin", "rfMax", "rfMin", "srt", "sit"]);
    expect(p?.stop).toBeUndefined();
  });

  it("French NF profile (id 0x0D04) with a volt-var curve; a profile not listed keeps its id", () => {
    const p = decodeProfile(
      bytes([0x0d, 0x04, 0x10, 0x00], [[0x80, 0x01, [1, 2070, 300, 2200, 2480, 2530, 0, 50]]]),
    );
    expect(p?.name).toBe("XX - NF_EN_50549-1:2019");
    expect(labels(p, 0)?.map((x) => `${x[0]}${x[1] ?? ""}`)).toEqual([
      "on",
      "vPoint1",
      "qPoint1",
      "vPoint2",
      "vPoint3",
      "vPoint4",
      "qPoint4",
      "settle",
    ]);
    expect(decodeProfile(bytes([0x77, 0x01, 0x10, 0x00], [[0x20, 0x00, [1]]]))).toMatchObject({
      name: undefined,
      id: "7701",
    });
  });

  it("signed items: a negative reactive set point and power factor; limits above 0x7fff stay unsigned", () => {
    const neg = (v: number) => 0x10000 + v; // two's complement as the inverter sends it
    const p = decodeProfile(
      bytes(
        [0x0a, 0x00, 0x20, 0x01],
        [
          [0x80, 0x00, [1, 2070, 300, 2200, 2480, 2530, neg(-300)]],
          [0x90, 0x00, [1, neg(-95)]],
          [0xa0, 0x02, [1, neg(-44)]],
          [0x00, 0x02, [2300, 1840, 30, 2645, 1, 1035, 40000]],
        ],
      ),
    );
    expect(labels(p, 0)?.slice(2, 3)).toEqual([["qPoint", 1, 30, "%Pn"]]);
    expect(labels(p, 0)?.slice(6)).toEqual([["qPoint", 4, -30, "%Pn"]]);
    expect(labels(p, 1)?.[1]).toEqual(["pf", undefined, -0.95, ""]);
    expect(labels(p, 2)?.[1]).toEqual(["q", undefined, -44, "%Sn"]);
    // LV2 trip time 40000 × 0.01 s: an unsigned item keeps its value.
    expect(labels(p, 3)?.[6]).toEqual(["lvT", 2, 400, "t"]);
  });

  it("an unknown section ends decoding with a note; nothing after it is shown", () => {
    const p = decodeProfile(
      bytes(
        [0x0a, 0x00, 0x20, 0x01],
        [
          [0x20, 0x00, [1]],
          [0xc0, 0x00, [1, 2, 3]],
          [0x20, 0x00, [1]],
        ],
      ),
    );
    expect(p?.sections).toHaveLength(1);
    expect(p?.stop).toBe(0xc0);
    // A known id with an unknown version stops as well.
    expect(decodeProfile(bytes([0x0a, 0x00, 0x20, 0x01], [[0x00, 0x77, [1]]]))?.stop).toBe(0x00);
  });

  it("a section cut short by the end of the bytes stops instead of reading past them", () => {
    const cut = bytes([0x0a, 0x00, 0x20, 0x01], [[0x10, 0x00, [5000, 4750, 1, 5150, 1]]], 0).slice(0, 12);
    expect(decodeProfile(cut)).toMatchObject({ sections: [], stop: 0x10 });
  });

  it("all zeros, empty or missing bytes: no data", () => {
    expect(decodeProfile(new Array<number>(141).fill(0))).toBeUndefined();
    expect(decodeProfile([])).toBeUndefined();
    expect(decodeProfile(undefined)).toBeUndefined();
  });

  // Item labels are message keys (the compiler checks them); section names go by id / 16.
  it("every section of the tables has its name", () => {
    for (const id of Object.keys(SECTIONS))
      expect(SECTION_KEYS[parseInt(id.slice(0, 2), 16) >> 4], id).toMatch(/^grid\.s\d+$/);
  });
});
