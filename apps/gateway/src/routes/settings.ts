/** DTU, device (hardware) and security settings (API.md §3.10, §3.11, §3.14). */
import { deviceLimits } from "@dtu/api/limits";
import type { DeviceConfig } from "@dtu/api/settings";
import { cmtConfigured, nrfConfigured } from "../device/pins.ts";
import {
  asBool,
  asInt,
  asString,
  byteLength,
  isObject,
  serialFromHexText,
  serialIsZero,
  serialToWire,
} from "../wire/coerce.ts";
import { result } from "../http/result.ts";
import { has, postHandler, saved, type Handlers } from "./types.ts";

export const settingsHandlers = {
  dtuConfigGet: ({ gw }) => ({
    serial: serialToWire(gw.config.dtu.serial),
    pollinterval: gw.config.dtu.poll_interval,
    nrf_enabled: nrfConfigured(gw.pins),
    nrf_palevel: gw.config.dtu.nrf_pa_level,
    cmt_enabled: cmtConfigured(gw.pins),
    cmt_palevel: gw.config.dtu.cmt_pa_level,
    cmt_frequency: gw.config.dtu.cmt_frequency,
  }),
  dtuConfigPost: postHandler(
    { required: (r) => has(r, "serial", "pollinterval", "nrf_palevel", "cmt_palevel", "cmt_frequency") },
    async (root, ctx) => {
      if (serialIsZero(root.serial)) return result(2001);
      const poll = asInt(root.pollinterval, "uint32");
      if (poll === 0) return result(2002);
      const nrf = asInt(root.nrf_palevel, "uint8");
      if (nrf > 3) return result(2003);
      const cmt = asInt(root.cmt_palevel, "int8");
      if (cmt < -10 || cmt > 20) return result(2003);
      const freq = asInt(root.cmt_frequency, "uint32");
      if (freq < 860250 || freq > 923500 || freq % 250 !== 0) {
        return result(2004, { min: 860250, max: 923500 });
      }
      const dtu = ctx.gw.config.dtu;
      dtu.serial = serialFromHexText(root.serial);
      dtu.poll_interval = poll;
      dtu.nrf_pa_level = nrf;
      dtu.cmt_pa_level = cmt;
      dtu.cmt_frequency = freq;
      await saved(ctx);
      return result(1001);
    },
  ),
  deviceConfigGet: ({ gw }) => {
    const p = gw.pins;
    const d = gw.config.device.display;
    return {
      curPin: {
        name: gw.config.device.pinmapping,
        nrf24: { ...p.nrf24 },
        cmt: { ...p.cmt },
        eth: { ...p.eth },
        display: { ...p.display },
        led: { ...p.led },
        // valibot infers `{ name } & { [group]: PinGroup }` for an object with rest, which no literal satisfies (the
        // name is a string, not a group); the shape is the schema's, checked by the contract test.
      } as unknown as DeviceConfig["curPin"],
      display: {
        rotation: d.rotation,
        power_safe: d.powersafe,
        screensaver: d.screensaver,
        contrast: d.contrast,
        language: d.language,
      },
    };
  },
  deviceConfigPost: postHandler(
    { limit: deviceLimits.postDataMaxLarge, required: (r) => has(r, "curPin") || has(r, "display") },
    async (root, ctx) => {
      const curPin = isObject(root.curPin) ? root.curPin : {};
      // A missing name reads as the text "null" (API.md §3.11).
      const name = asString(curPin.name);
      if (byteLength(name) === 0 || byteLength(name) > deviceLimits.pinMappingName) {
        return result(12001, { max: deviceLimits.pinMappingName });
      }
      const display = isObject(root.display) ? root.display : {};
      const device = ctx.gw.config.device;
      const changed = device.pinmapping !== name;
      device.pinmapping = name;
      device.display.rotation = asInt(display.rotation, "uint8");
      device.display.powersafe = asBool(display.power_safe);
      device.display.screensaver = asBool(display.screensaver);
      device.display.contrast = asInt(display.contrast, "uint8");
      device.display.language = asInt(display.language, "uint8");
      await saved(ctx);
      // Pins only change with a reboot (API.md §3.11).
      if (changed) ctx.gw.scheduleReboot();
      return result(1001);
    },
  ),
  authenticate: () => result(10002),
  securityConfigGet: ({ gw }) => ({
    password: gw.config.security.password,
    allow_readonly: gw.config.security.allow_readonly,
  }),
  securityConfigPost: postHandler(
    // Quirk: "values missing" only when password is absent and allow_readonly present (API.md §3.14).
    { required: (r) => !(!has(r, "password") && has(r, "allow_readonly")) },
    async (root, ctx) => {
      const password = asString(root.password);
      const len = byteLength(password);
      const { min, max } = deviceLimits.security.password;
      if (len < min || len > max) return result(10001, { max });
      ctx.gw.config.security.password = password;
      ctx.gw.config.security.allow_readonly = asBool(root.allow_readonly);
      await saved(ctx);
      return result(1001);
    },
  ),
} satisfies Partial<Handlers>;
