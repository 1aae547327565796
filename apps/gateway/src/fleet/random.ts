/**
 * Deterministic randomness for the simulation: a seeded generator for discrete draws (failures, events, delays) and
 * hash-based smooth noise for continuous quantities (clouds, voltages), so that the value at an instant depends only
 * on the seed and the instant — integrating power over time and reading it at that time agree.
 */

/** mulberry32: small, fast, good enough for a simulation; returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32-bit hash of integers (a variant of the murmur3 finaliser), for reproducible per-key values. */
export function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    let k = Math.imul(p | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
    // Fold in the high part of values beyond 32 bits (serials).
    h ^= Math.floor(p / 4294967296) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) for a key. */
export function unit(...parts: number[]): number {
  return hash(...parts) / 4294967296;
}

/** Value noise in [0, 1]: random values at integer points of `x`, smoothly (cosine) interpolated between them. */
export function smoothNoise(key: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = unit(key, i);
  const b = unit(key, i + 1);
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  return a + (b - a) * w;
}

/** Signed smooth noise in [-1, 1]. */
export function wobble(key: number, x: number): number {
  return smoothNoise(key, x) * 2 - 1;
}
