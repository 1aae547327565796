import { describe, expect, it } from "vitest";
import { Md5 } from "./md5";

const md5 = (...parts: string[]) => {
  const h = new Md5();
  for (const p of parts) h.append(new TextEncoder().encode(p));
  return h.end();
};

describe("Md5", () => {
  it("gives the RFC 1321 test suite's digests", () => {
    expect(md5("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5("a")).toBe("0cc175b9c0f1b6a831c399e269772661");
    expect(md5("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(md5("message digest")).toBe("f96b697d7cb7938d525a2f31aaf161d0");
    expect(md5("abcdefghijklmnopqrstuvwxyz")).toBe("c3fcd3d76192e4007dfb496cca67e13b");
    // 62 bytes: the padding needs a second block.
    expect(md5("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")).toBe(
      "d174ab98d277d9f5a5611c2c9f419d9f",
    );
    expect(md5("1234567890".repeat(8))).toBe("57edf4a22be3c955ac49da2e2107b67a");
  });

  it("gives the same digest however the data is split", () => {
    const text = "1234567890".repeat(8);
    const whole = md5(text);
    for (const size of [1, 7, 63, 64, 65]) {
      const parts: string[] = [];
      for (let at = 0; at < text.length; at += size) parts.push(text.slice(at, at + size));
      expect(md5(...parts)).toBe(whole);
    }
  });

  it("reads a Uint8Array view at its own offset", () => {
    const buf = new TextEncoder().encode("xxabcxx");
    expect(new Md5().append(buf.subarray(2, 5)).end()).toBe("900150983cd24fb0d6963f7d28e17f72");
  });
});
