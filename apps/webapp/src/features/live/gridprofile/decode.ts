/**
 * Grid profile bytes → words (issue 13 item 6; API.md §3.6 `raw`, §9.5). Pure. An unknown section or one cut short
 * ends decoding with `stop` set: what follows cannot be placed, so it is never shown as a wrong value.
 */
import type { MessageKey } from "../../../lib/i18n";
import { ITEMS, PROFILES, SECTIONS } from "./table";

export interface GridItem {
  /** Label key in locales/grid.ts and its number (LV1 …). */
  label: MessageKey;
  n: number | undefined;
  /** "t": seconds, the trip time of the labelled threshold; "b": an on/off flag (gridprofile/table.ts). */
  unit: string;
  value: number;
}
export interface GridSection {
  id: number;
  items: GridItem[];
}
export interface DecodedProfile {
  /** The grid code's name, undefined when the id is not listed. */
  name: string | undefined;
  /** Profile id as four hex digits, shown when the name is unknown. */
  id: string;
  version: string;
  sections: GridSection[];
  /** Section id where decoding stopped (unknown or cut short); undefined when the whole profile was read. */
  stop: number | undefined;
}

const hex = (b: number) => (b & 0xff).toString(16).padStart(2, "0");

/** Undefined for no data: empty, too short, or all zeros (v23.11.16 zero-fills 141 bytes before the first read). */
export function decodeProfile(raw: readonly number[] | undefined): DecodedProfile | undefined {
  if (!raw || raw.length < 4 || raw.every((b) => b === 0)) return undefined;
  const b = (i: number) => raw[i] ?? 0;
  const id = hex(b(0)) + hex(b(1));
  const out: DecodedProfile = {
    name: PROFILES[id],
    id,
    version: `${b(2) >> 4}.${b(2) & 15}.${b(3)}`,
    sections: [],
    stop: undefined,
  };
  let pos = 4;
  // The zero fill after the last section is padding, not a section 0x00.
  while (pos < raw.length && raw.slice(pos).some((x) => x !== 0)) {
    const sid = b(pos);
    const items = SECTIONS[hex(sid) + hex(b(pos + 1))]?.match(/../g);
    if (!items || pos + 2 + items.length * 2 > raw.length) {
      out.stop = sid;
      break;
    }
    pos += 2;
    const section: GridSection = { id: sid, items: [] };
    for (const code of items) {
      const [label, spec] = ITEMS[parseInt(code, 16) - 1] ?? ["grid.unk", "-"];
      const [unit = "-", div = "1", n] = spec.split(" ");
      const d = Number(div);
      const u16 = (b(pos) << 8) | b(pos + 1);
      const value = (d < 0 && u16 > 0x7fff ? u16 - 0x10000 : u16) / Math.abs(d);
      section.items.push({ label, n: n ? Number(n) : undefined, unit: unit === "-" ? "" : unit, value });
      pos += 2;
    }
    out.sections.push(section);
  }
  return out;
}
