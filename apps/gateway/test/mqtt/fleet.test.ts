/**
 * The MQTT module on the real simulated fleet (src/fleet) with a controlled clock: the documents the fleet produces
 * become the topic tree, and an MQTT limit command goes through the fleet's command path.
 */
import { afterEach, describe, expect, it } from "vitest";
import { gatewayDefaults } from "../../src/config/defaults.ts";
import { createFleet } from "../../src/fleet/index.ts";
import { createMqtt } from "../../src/mqtt/index.ts";
import { createDeviceClock } from "../../src/time/index.ts";
import { Recorder, identity, startBroker } from "./fakes.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe("MQTT on the simulated fleet", () => {
  it("publishes the fleet's inverters and applies a limit command", async () => {
    const broker = await startBroker();
    cleanups.push(() => broker.close());
    const config = gatewayDefaults(identity.chipId);
    config.mqtt.enabled = true;
    config.mqtt.hostname = "127.0.0.1";
    config.mqtt.port = broker.port;
    config.mqtt.hass.enabled = true;
    config.mqtt.hass.individual_panels = true;
    // Noon in summer at 52° N: the fleet produces power.
    let now = Date.UTC(2026, 5, 21, 11, 0, 0);
    config.ntp.latitude = 52;
    config.ntp.longitude = 5;
    const clock = createDeviceClock({ clock: { now: () => now }, timezone: config.ntp.timezone });
    const fleet = await createFleet({ config, clock, log: () => {}, stateFile: null, random: () => 0.5 });
    const advance = (ms: number) => {
      for (let t = 0; t < ms; t += 1000) {
        now += 1000;
        fleet.tick();
      }
    };
    advance(20_000);
    const sub = await Recorder.connect(`mqtt://127.0.0.1:${broker.port}`);
    cleanups.push(() => sub.close());
    const mqtt = createMqtt(
      { getConfig: () => config, fleet, clock, log: () => {}, identity, uptimeSeconds: () => 20 },
      { publishIntervalMs: 100 },
    );
    cleanups.push(() => mqtt.stop());

    const live = fleet.liveData();
    expect(live.inverters.length).toBeGreaterThan(0);
    for (const inv of live.inverters) {
      await sub.waitFor(
        (m) => m.some((x) => x.topic === `solar/${inv.serial}/0/power`),
        `values of ${inv.serial}`,
      );
      const latest = sub.latest();
      const dcCount = Object.keys(inv.DC ?? {}).length;
      expect(latest.get(`solar/${inv.serial}/name`)).toBe(inv.name);
      expect(latest.has(`solar/${inv.serial}/${dcCount}/voltage`)).toBe(true);
      expect(latest.has(`solar/${inv.serial}/${dcCount + 1}/voltage`)).toBe(false);
      expect(latest.get(`solar/${inv.serial}/1/name`)).toBe(config.inverters[inv.order]?.channel[0]?.name);
      expect(latest.get(`solar/${inv.serial}/status/reachable`)).toBe(inv.reachable ? "1" : "0");
      expect(Number(latest.get(`solar/${inv.serial}/status/last_update`))).toBe(
        Math.floor(fleet.lastUpdate(inv.serial) / 1000),
      );
      expect(latest.has(`homeassistant/sensor/dtu_${inv.serial}/ch${dcCount}_Power/config`)).toBe(true);
    }

    const serial = live.inverters[0]?.serial ?? "";
    await sub.client.publishAsync(`solar/${serial}/cmd/limit_nonpersistent_relative`, "40");
    await expect
      .poll(() => fleet.limitStatus()[serial]?.limit_set_status !== "Ok", {
        message: "limit pending",
        timeout: 8000,
        interval: 25,
      })
      .toBe(true);
    // Let the simulated inverter acknowledge, then the next cycle publishes the new limit.
    await expect
      .poll(
        () => {
          advance(2000);
          return fleet.limitStatus()[serial]?.limit_relative === 40;
        },
        { message: "limit acknowledged", timeout: 15000, interval: 25 },
      )
      .toBe(true);
    await sub.waitFor(
      (m) => m.some((x) => x.topic === `solar/${serial}/status/limit_relative` && x.payload === "40.00"),
      "limit published",
    );
  });
});
