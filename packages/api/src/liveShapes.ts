/**
 * Older live shapes → the shape of API.md §3.1, shared by the web app (what it shows) and the gateway's history
 * recorder (what it records), so both read every shape alike (issue 13 item 4, issue 21 item 6). Firmware of 2022
 * sent the channels flat under the inverter: `"0"` the inverter's own channel (AC values and temperature), `"1"`…
 * the DC strings, numbered from 1.
 */
import type { Channel, ChannelMap, LiveInverter } from "./live.ts";

const isChannel = (x: unknown): x is Channel => typeof x === "object" && x !== null && !Array.isArray(x);

export function normalizeInverter(inv: LiveInverter): LiveInverter {
  const flat = inv as LiveInverter & Record<string, unknown>;
  const ch0 = flat["0"];
  if (inv.AC !== undefined || !isChannel(ch0)) return inv;
  const { Temperature, ...ac } = ch0;
  const DC: ChannelMap = {};
  for (let n = 1; isChannel(flat[n]); n++) DC[n - 1] = flat[n] as Channel;
  return { ...inv, AC: { "0": ac }, DC, INV: { "0": Temperature ? { Temperature } : {} } };
}
