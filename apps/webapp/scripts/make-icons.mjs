// Draws our own small sun icon (no artwork copied) in the sizes the two builds need (README "Two builds",
// "Installable"): public/favicon.ico (32 px, the tab), public/favicon.png (512 px: the device's manifest names it for
// installing, as the firmware embeds no other image) and public/icon-192.png + icon-512.png (the gateway's manifest).
// Run once after changing the drawing: node scripts/make-icons.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** RGBA pixels of the sun at `size` px: a disc and eight rays, drawn on a 32-unit grid scaled to the size. */
function sun(size) {
  const px = Buffer.alloc(size * size * 4);
  const k = size / 32;
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x - c;
      const dy = y - c;
      const r = Math.hypot(dx, dy) / k;
      const a = Math.atan2(dy, dx);
      const ray = r > 10 && r < 15.5 && Math.abs(Math.sin(4 * a)) < 0.28;
      const disc = r < 8;
      const i = (y * size + x) * 4;
      if (disc || ray) px.set([0xf5, 0xa6, 0x23, 255], i);
    }
  }
  return px;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let k = n;
  for (let j = 0; j < 8; j++) k = k & 1 ? 0xedb88320 ^ (k >>> 1) : k >>> 1;
  return k >>> 0;
});
const crc = (buf) => {
  let k = 0xffffffff;
  for (const b of buf) k = crcTable[(k ^ b) & 0xff] ^ (k >>> 8);
  return (k ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, sum]);
};
function png(size) {
  const px = sun(size);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.concat(
    Array.from({ length: size }, (_, y) =>
      Buffer.concat([Buffer.from([0]), px.subarray(y * size * 4, (y + 1) * size * 4)]),
    ),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** ICO container holding one PNG as its single image (supported by every current browser). */
function ico(size) {
  const image = png(size);
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.set([size, size, 0, 0], 6);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, image]);
}

const out = join(dirname(fileURLToPath(import.meta.url)), "../public");
writeFileSync(join(out, "favicon.ico"), ico(32));
writeFileSync(join(out, "favicon.png"), png(512));
writeFileSync(join(out, "icon-192.png"), png(192));
writeFileSync(join(out, "icon-512.png"), png(512));
