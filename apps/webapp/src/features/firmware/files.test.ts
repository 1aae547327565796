import { describe, expect, it } from "vitest";
import { deviceLimits } from "@dtu/api/limits";
import { imageProblem, isFirmwareName, md5OfBlob } from "./files";

describe("firmware files", () => {
  it("accepts .bin and .bin.gz in any case, refuses the rest", () => {
    for (const ok of ["opendtu.bin", "X.BIN", "fw.bin.gz", "a.Bin.GZ"]) expect(isFirmwareName(ok)).toBe(true);
    for (const bad of ["fw.gz", "fw.bin.zip", "bin", "config.json", "fw.bin.gz.txt", "fwbin"])
      expect(isFirmwareName(bad)).toBe(false);
  });

  it("hashes in chunks to the known MD5 of the whole text, reporting each chunk", async () => {
    // RFC 1321-style reference value of this well-known sentence.
    const text = new TextEncoder().encode("The quick brown fox jumps over the lazy dog");
    const expected = "9e107d9d372bb6826bd81d3542a419d6";
    const seen: number[] = [];
    expect(await md5OfBlob(new Blob([text]), 5, (d) => seen.push(d))).toBe(expected);
    expect(seen).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 43]);
    expect(await md5OfBlob(new Blob([text]), 64)).toBe(expected);
    expect(await md5OfBlob(new Blob([text]), 1)).toBe(expected);
  });

  it("gives the MD5 of nothing for an empty file", async () => {
    expect(await md5OfBlob(new Blob([]), 8)).toBe("d41d8cd98f00b204e9800998ecf8427e");
  });

  it("knows an ESP32 app image by its first byte and refuses one larger than the partition", async () => {
    const image = (first: number[], size = 64) => new Blob([new Uint8Array(first), new Uint8Array(size)]);
    expect(await imageProblem(image([0xe9, 0x05]), false)).toBeUndefined();
    expect(await imageProblem(image([0x1f, 0x8b]), true)).toBeUndefined();
    expect(await imageProblem(image([0x7b, 0x22]), false)).toBe("firmware.notImage");
    expect(await imageProblem(image([0xe9, 0x05]), true)).toBe("firmware.notImage");
    expect(await imageProblem(image([0xe9], deviceLimits.firmwareMaxBytes), false)).toBe("firmware.tooLarge");
    expect(await imageProblem(new Blob([]), false)).toBe("firmware.notImage");
  });
});
