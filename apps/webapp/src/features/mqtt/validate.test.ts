import { parseStrict } from "@dtu/api/strict";
import { describe, expect, it } from "vitest";
import { sampleMqttConfig } from "@dtu/api/samples";
import { MqttConfig } from "@dtu/api/settings";
import { hasProblems } from "../../components/ui/validation";
import { lwtOnlineBroken, mqttBody, mqttDraft, validateMqtt } from "./validate";

const base: MqttConfig = { ...sampleMqttConfig, mqtt_enabled: true };

describe("validateMqtt (SEED §5)", () => {
  const d = mqttDraft(base);
  it("accepts the loaded values", () => {
    expect(hasProblems(validateMqtt(d))).toBe(false);
  });
  it("refuses port 0/65536 and publish interval 4/86401, accepts 65535 and 86400", () => {
    const port = { key: "check.range", params: { min: 1, max: 65535 } };
    expect(validateMqtt({ ...d, mqtt_port: "0" }).mqtt_port).toEqual(port);
    expect(validateMqtt({ ...d, mqtt_port: "65536" }).mqtt_port).toEqual(port);
    expect(validateMqtt({ ...d, mqtt_port: "65535" }).mqtt_port).toBeUndefined();
    const interval = { key: "check.range", params: { min: 5, max: 86400 } };
    expect(validateMqtt({ ...d, mqtt_publish_interval: "4" }).mqtt_publish_interval).toEqual(interval);
    expect(validateMqtt({ ...d, mqtt_publish_interval: "86401" }).mqtt_publish_interval).toEqual(interval);
    // SEED keeps 86400 as the client maximum; the firmware answers 7013 above 65535 (API.md §7 #1).
    expect(validateMqtt({ ...d, mqtt_publish_interval: "70000" }).mqtt_publish_interval).toBeUndefined();
  });
  it("refuses texts over their limits", () => {
    const cases = {
      mqtt_hostname: 128,
      mqtt_username: 64,
      mqtt_password: 64,
      mqtt_lwt_topic: 32,
      mqtt_lwt_online: 20,
      mqtt_lwt_offline: 20,
    } as const;
    for (const [k, max] of Object.entries(cases) as [keyof typeof cases, number][]) {
      expect(validateMqtt({ ...d, [k]: "x".repeat(max) })[k], k).toBeUndefined();
      expect(validateMqtt({ ...d, [k]: "x".repeat(max + 1) })[k]?.key, k).toBe("check.maxLength");
    }
  });
  it("reports every device rule at once: host required, base topic ending in a slash, topics without blanks", () => {
    const p = validateMqtt({
      ...d,
      mqtt_hostname: "",
      mqtt_topic: "solar",
      mqtt_lwt_topic: "dtu status",
      mqtt_hass_enabled: true,
      mqtt_hass_topic: "home assistant/",
    });
    expect(p.mqtt_hostname?.key).toBe("check.required");
    expect(p.mqtt_topic?.key).toBe("check.endSlash");
    expect(p.mqtt_lwt_topic?.key).toBe("check.noSpaces");
    expect(p.mqtt_hass_topic?.key).toBe("check.noSpaces");
    expect(validateMqtt({ ...d, mqtt_topic: "" }).mqtt_topic?.key).toBe("check.required");
    expect(validateMqtt({ ...d, mqtt_topic: `${"x".repeat(32)}/` }).mqtt_topic?.key).toBe("check.maxLength");
  });
  it("checks certificates only when shown (TLS, certificate login) and up to 2560 characters", () => {
    const big = "c".repeat(2561);
    const withCerts = { ...d, mqtt_root_ca_cert: big, mqtt_client_cert: big, mqtt_client_key: big };
    expect(hasProblems(validateMqtt(withCerts))).toBe(false);
    const tooLong = { key: "check.maxLength", params: { max: 2560, length: 2561 } };
    const tls = validateMqtt({ ...withCerts, mqtt_tls: true });
    expect(tls.mqtt_root_ca_cert).toEqual(tooLong);
    expect(tls.mqtt_client_cert).toBeUndefined();
    const login = validateMqtt({ ...withCerts, mqtt_tls: true, mqtt_tls_cert_login: true });
    expect(login.mqtt_client_cert).toEqual(tooLong);
    expect(login.mqtt_client_key).toEqual(tooLong);
    expect(
      validateMqtt({ ...d, mqtt_tls: true, mqtt_root_ca_cert: "c".repeat(2560) }).mqtt_root_ca_cert,
    ).toBe(undefined);
  });
  it("checks the HASS prefix only with Home Assistant on, and nothing while MQTT is off", () => {
    const long = { ...d, mqtt_hass_topic: "h".repeat(33) };
    expect(validateMqtt(long).mqtt_hass_topic).toBeUndefined();
    expect(validateMqtt({ ...long, mqtt_hass_enabled: true }).mqtt_hass_topic).toEqual({
      key: "check.maxLength",
      params: { length: 33, max: 32 },
    });
    expect(validateMqtt({ ...long, mqtt_hass_enabled: true, mqtt_port: "0", mqtt_enabled: false })).toEqual(
      {},
    );
  });
  it("repairs a boolean mqtt_lwt_online (API.md §9.13): empty field, a value required", () => {
    const broken: MqttConfig = { ...base, mqtt_lwt_online: true, mqtt_lwt_qos: 2 };
    expect(lwtOnlineBroken(broken)).toBe(true);
    const bd = mqttDraft(broken);
    expect(bd.mqtt_lwt_online).toBe("");
    expect(validateMqtt(bd, true).mqtt_lwt_online?.key).toBe("check.required");
    const body = mqttBody(broken, { ...bd, mqtt_lwt_online: "up" });
    expect(body.mqtt_lwt_online).toBe("up");
    expect(body.mqtt_lwt_qos).toBe(2);
  });
  it("posts numbers as numbers", () => {
    const body = mqttBody(base, { ...d, mqtt_port: "8883", mqtt_publish_interval: "30" });
    expect(body).toEqual({ ...base, mqtt_port: 8883, mqtt_publish_interval: 30 });
  });
});

it("the fixture is an answer the contract accepts (strict MqttConfig schema)", () => {
  expect(() => parseStrict(MqttConfig, base)).not.toThrow();
});
