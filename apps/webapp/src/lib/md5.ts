/**
 * MD5 (RFC 1321) over data given in pieces, for the firmware upload's checksum (SEED §5, §9: the file is read in
 * 2 MB chunks). Our own few lines instead of a library: 1.5 kB gz less on the device (issue 15 §4).
 */
const K = Array.from({ length: 64 }, (_, i) => (Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);
const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

export class Md5 {
  private h = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476];
  /** Bytes of an incomplete 64-byte block carried to the next append. */
  private readonly rest = new Uint8Array(64);
  private restLen = 0;
  private length = 0;

  append(data: ArrayBuffer | Uint8Array): this {
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    this.length += bytes.length;
    let i = 0;
    if (this.restLen > 0) {
      i = Math.min(64 - this.restLen, bytes.length);
      this.rest.set(bytes.subarray(0, i), this.restLen);
      this.restLen += i;
      if (this.restLen < 64) return this;
      this.block(this.rest, 0);
      this.restLen = 0;
    }
    for (; i + 64 <= bytes.length; i += 64) this.block(bytes, i);
    this.rest.set(bytes.subarray(i));
    this.restLen = bytes.length - i;
    return this;
  }

  /** The digest as 32 lower-case hex digits. */
  end(): string {
    // Padding: 0x80, zeros up to 8 bytes before a block end, then the length in bits (64-bit little-endian).
    const tail = new Uint8Array(this.restLen < 56 ? 64 : 128);
    tail.set(this.rest.subarray(0, this.restLen));
    tail[this.restLen] = 0x80;
    const bits = this.length * 8;
    const view = new DataView(tail.buffer);
    view.setUint32(tail.length - 8, bits >>> 0, true);
    view.setUint32(tail.length - 4, Math.floor(bits / 2 ** 32), true);
    for (let i = 0; i < tail.length; i += 64) this.block(tail, i);
    let hex = "";
    for (const w of this.h) {
      for (let s = 0; s < 32; s += 8) hex += ((w >>> s) & 255).toString(16).padStart(2, "0");
    }
    return hex;
  }

  private block(bytes: Uint8Array, at: number): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, 64);
    const m = Array.from({ length: 16 }, (_, j) => view.getInt32(j * 4, true));
    let [a, b, c, d] = this.h as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const r = i >> 4;
      const f =
        r === 0 ? (b & c) | (~b & d) : r === 1 ? (d & b) | (~d & c) : r === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = r === 0 ? i : r === 1 ? (5 * i + 1) & 15 : r === 2 ? (3 * i + 5) & 15 : (7 * i) & 15;
      const x = (f + a + (K[i] as number) + (m[g] as number)) | 0;
      const s = S[r * 4 + (i & 3)] as number;
      a = d;
      d = c;
      c = b;
      b = (b + ((x << s) | (x >>> (32 - s)))) | 0;
    }
    const [h0, h1, h2, h3] = this.h as [number, number, number, number];
    this.h = [(h0 + a) | 0, (h1 + b) | 0, (h2 + c) | 0, (h3 + d) | 0];
  }
}
