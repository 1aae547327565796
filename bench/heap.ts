/**
 * Heap snapshots summed by kind (issue 15 §5): tells the app's own retained objects (objects, arrays, closures,
 * strings) from V8's compiled code (snapshot node type "code": machine code made as functions get hot, bounded by
 * the amount of code, not data the app keeps).
 */
import type { CDPSession } from "playwright-core";

export type HeapKinds = Map<string, number>;

/**
 * Self sizes of a heap snapshot summed by kind: V8's node type, and for code, native (Blink) and hidden nodes also
 * the name.
 */
export async function heapSnapshotByKind(cdp: CDPSession): Promise<HeapKinds> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  const snap = JSON.parse(chunks.join("")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni, si] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")];
  const sums: HeapKinds = new Map();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + ti] ?? 0] ?? "?";
    const named = type === "code" || type === "native" || type === "hidden";
    const key = named ? `${type}:${(snap.strings[snap.nodes[i + ni] ?? 0] ?? "").slice(0, 40)}` : type;
    sums.set(key, (sums.get(key) ?? 0) + (snap.nodes[i + si] ?? 0));
  }
  return sums;
}

const isType = (key: string, type: string) => key === type || key.startsWith(`${type}:`);

/** Bytes of one snapshot: all of it, and without V8's compiled code (the app's own retained objects). */
export function heapBytes(kinds: HeapKinds): { total: number; withoutCode: number } {
  let total = 0;
  let code = 0;
  for (const [k, v] of kinds) {
    total += v;
    if (isType(k, "code")) code += v;
  }
  return { total, withoutCode: total - code };
}

/** The kinds that changed most between two snapshots (largest first). */
export function snapshotDiff(a: HeapKinds, b: HeapKinds, top = 20): { key: string; bytes: number }[] {
  return [...new Set([...a.keys(), ...b.keys()])]
    .map((key) => ({ key, bytes: (b.get(key) ?? 0) - (a.get(key) ?? 0) }))
    .filter((d) => d.bytes !== 0)
    .sort((x, y) => Math.abs(y.bytes) - Math.abs(x.bytes))
    .slice(0, top);
}
