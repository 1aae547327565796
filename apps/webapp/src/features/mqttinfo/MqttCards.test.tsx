// @vitest-environment happy-dom
import { sampleMqttStatus } from "@dtu/api/samples";
import { MqttStatus } from "@dtu/api/settings";
import { cleanup, render, screen } from "@testing-library/react";
import { parseStrict } from "@dtu/api/strict";
import { afterEach, expect, it } from "vitest";
import { MqttCards } from "./MqttCards";

afterEach(cleanup);

const m: MqttStatus = {
  ...sampleMqttStatus,
  mqtt_hostname: "broker.example.lan",
  mqtt_port: 8883,
  mqtt_username: "dtu",
};

it("hides the certificate rows without TLS and certificate login", () => {
  render(<MqttCards m={m} />);
  expect(screen.queryByText("Root CA certificate")).toBeNull();
  expect(screen.queryByText("Client certificate")).toBeNull();
  expect(screen.getByText("Connected").className).toContain("text-bg-success");
});

it("shows the certificate infos as preformatted text when TLS and certificate login are on", () => {
  render(<MqttCards m={{ ...m, mqtt_tls: true, mqtt_tls_cert_login: true }} />);
  const ca = screen.getByText(/cert\. version/);
  expect(ca.tagName).toBe("PRE");
  expect(ca.textContent).toBe(m.mqtt_root_ca_cert_info);
  expect(screen.getByText(/CN=dtu/).tagName).toBe("PRE");
});

it("the fixture is an answer the contract accepts (strict MqttStatus schema)", () => {
  expect(() => parseStrict(MqttStatus, m)).not.toThrow();
});
