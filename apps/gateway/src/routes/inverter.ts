/** Inverter management (API.md §3.9): 10 slots, 6 channels, first free slot, stored name lengths. */
import { deviceLimits } from "@dtu/api/limits";
import type { ConfigChannel, ConfigInverter } from "../config/types.ts";
import { emptySlot } from "../config/defaults.ts";
import { inverterType } from "@dtu/api/inverterType";
import {
  finiteFloat,
  asInt,
  asString,
  byteLength,
  isObject,
  serialFromHexText,
  serialIsZero,
  serialToWire,
  truncate,
  type Json,
} from "../wire/coerce.ts";
import { result } from "../http/result.ts";
import { has, postHandler, saved, type Handlers } from "./types.ts";

/** `value | default` of ArduinoJson: the value only when it already has the wanted type. */
function orBool(value: Json | undefined, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}
function orUint8(value: Json | undefined, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 255
    ? value
    : fallback;
}

export const inverterHandlers = {
  inverterList: ({ gw }) => ({
    inverter: gw.config.inverters.flatMap((slot, id) => {
      if (slot.serial === 0) return [];
      const type = inverterType(serialToWire(slot.serial));
      return [
        {
          id,
          name: slot.name,
          order: slot.order,
          serial: serialToWire(slot.serial),
          poll_enable: slot.poll_enable,
          poll_enable_night: slot.poll_enable_night,
          command_enable: slot.command_enable,
          command_enable_night: slot.command_enable_night,
          reachable_threshold: slot.reachable_threshold,
          zero_runtime: slot.zero_runtime,
          zero_day: slot.zero_day,
          type: type?.typeName ?? "Unknown",
          channel: slot.channel.slice(0, type?.dcInputs ?? 6).map((c) => ({
            name: c.name,
            max_power: c.max_power,
            yield_total_offset: c.yield_total_offset,
          })),
        },
      ];
    }),
  }),
  inverterAdd: postHandler({ required: (r) => has(r, "serial", "name") }, async (root, ctx) => {
    if (serialIsZero(root.serial)) return result(4001);
    const name = asString(root.name);
    if (byteLength(name) === 0 || byteLength(name) > deviceLimits.inverterName)
      return result(4002, { max: deviceLimits.inverterName });
    const slots = ctx.gw.config.inverters;
    const free = slots.findIndex((s) => s.serial === 0);
    if (free < 0) return result(4003, { max: 10 });
    // Quirk: the slot keeps order, channels and flags of a deleted inverter (API.md §3.9).
    const slot = slots[free] as ConfigInverter;
    slot.serial = serialFromHexText(root.serial);
    slot.name = name;
    await saved(ctx);
    ctx.gw.log(`Inverter added: ${serialToWire(slot.serial)}`);
    return result(4004);
  }),
  inverterEdit: postHandler(
    { required: (r) => has(r, "id", "serial", "name", "channel") },
    async (root, ctx) => {
      const id = asInt(root.id, "uint8");
      if (id > 9) return result(4005);
      if (serialIsZero(root.serial)) return result(4001);
      const name = asString(root.name);
      if (byteLength(name) === 0 || byteLength(name) > deviceLimits.inverterName)
        return result(4002, { max: deviceLimits.inverterName });
      const channels = Array.isArray(root.channel) ? root.channel : [];
      if (channels.length === 0 || channels.length > 6) return result(4006);
      // A yield offset that reads as infinite ("1e999") or absurd (beyond a 32-bit float) is refused (issue 11).
      const offsets = channels.map((c) => finiteFloat(isObject(c) ? c.yield_total_offset : 0, 3.4e38));
      if (offsets.includes(undefined)) return result(1004);
      const slots = ctx.gw.config.inverters;
      const slot = slots[id] ?? emptySlot();
      slot.serial = serialFromHexText(root.serial);
      slot.name = name;
      channels.forEach((raw, i) => {
        const c = isObject(raw) ? raw : {};
        const target = slot.channel[i] as ConfigChannel;
        target.max_power = asInt(c.max_power, "uint16");
        target.yield_total_offset = offsets[i] ?? 0;
        // Stored in a 31-byte buffer: at most 30 characters survive (API.md §3.9).
        target.name = truncate(typeof c.name === "string" ? c.name : "", deviceLimits.channelNameStored);
      });
      slot.poll_enable = orBool(root.poll_enable, true);
      slot.poll_enable_night = orBool(root.poll_enable_night, true);
      slot.command_enable = orBool(root.command_enable, true);
      slot.command_enable_night = orBool(root.command_enable_night, true);
      slot.reachable_threshold = orUint8(root.reachable_threshold, 2);
      slot.zero_runtime = orBool(root.zero_runtime, false);
      slot.zero_day = orBool(root.zero_day, false);
      await saved(ctx);
      // This answer alone has the key order type, code, message (API.md §3.0).
      return { type: "success", code: 4007, message: "Inverter changed!" };
    },
  ),
  inverterDel: postHandler({ required: (r) => has(r, "id") }, async (root, ctx) => {
    const id = asInt(root.id, "uint8");
    if (id > 9) return result(4005);
    const slot = ctx.gw.config.inverters[id] as ConfigInverter;
    // Delete clears only serial and name (API.md §3.9).
    slot.serial = 0;
    slot.name = "";
    await saved(ctx);
    return result(4008);
  }),
  inverterOrder: postHandler({ required: (r) => has(r, "order") }, async (root, ctx) => {
    const list = Array.isArray(root.order) ? root.order : [];
    list.forEach((value, position) => {
      const id = asInt(value, "uint8");
      // ids ≥ 10 are skipped but still use up a position (API.md §3.9).
      if (id < 10) (ctx.gw.config.inverters[id] as ConfigInverter).order = position & 0xff;
    });
    await saved(ctx);
    return result(4009);
  }),
} satisfies Partial<Handlers>;
