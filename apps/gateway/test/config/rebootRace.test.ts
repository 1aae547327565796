/**
 * A simulated reboot (API.md §8.6) reloads config.json while settings requests may still be saving. On the device a
 * save and a reboot never interleave; here a save in flight must neither fail (it once answered 1002 because the
 * reload swept away its temporary file) nor be lost by the reload.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";
import { mqttSettings } from "../helpers/bodies.ts";

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

const MQTT = mqttSettings();

describe("reboot while settings are being saved", () => {
  it("every save answers 1001 and the last one is what the rebooted device has", async () => {
    gw = await startGateway();
    const app = gw.app;
    for (let i = 0; i < 40; i++) {
      const hostname = `broker-${i}.lan`;
      const answer = app.inject({
        method: "POST",
        url: "/api/mqtt/config",
        headers: { ...FORM, authorization: ADMIN },
        payload: form({ ...MQTT, mqtt_hostname: hostname }),
      });
      // Start the reboot at a different moment of the save each round.
      for (let k = 0; k < i % 8; k++) await new Promise((r) => setImmediate(r));
      const reboot = app.gateway.reboot();
      const res = await answer;
      await reboot;
      expect(res.json(), `round ${i}`).toMatchObject({ type: "success", code: 1001 });
      await app.gateway.store.flush();
      expect(app.gateway.config.mqtt.hostname, `round ${i}`).toBe(hostname);
    }
  });
});
