/** Pure parts: payload parsing (MQTT.md §4), number formatting (§2), certificate info (API.md §3.16). */
import { afterAll, describe, expect, it } from "vitest";
import { parseCommand, strtol } from "../../src/mqtt/commands.ts";
import { fixed } from "../../src/mqtt/fields.ts";
import { certInfo } from "../../src/mqtt/certInfo.ts";
import { hasOpenssl, makePki, type Pki } from "./certs.ts";
import { skipUnlessAvailable } from "../helpers/requires.ts";

describe("strtol", () => {
  it.each([
    ["50", 50],
    ["50.7", 50],
    ["  42abc", 42],
    ["+7", 7],
    ["-3", -3],
    ["abc", 0],
    ["", 0],
    ["99999999999", 2147483647],
    ["-99999999999", -2147483648],
  ])("%j → %d", (text, value) => {
    expect(strtol(text)).toBe(value);
  });
});

describe("parseCommand", () => {
  const known = (s: string) => (s.toLowerCase() === "11418212345a" ? "11418212345A" : null);
  const parse = (topic: string, payload: string, retained = false) =>
    parseCommand("solar/", topic, payload, retained, known);

  it("finds the inverter by hex value and maps settings to limit types", () => {
    expect(parse("solar/11418212345a/cmd/limit_nonpersistent_absolute", "300")).toEqual({
      action: { kind: "limit", serial: "11418212345A", value: 300, type: 0 },
    });
    expect(parse("solar/11418212345A/cmd/limit_persistent_relative", "150")).toEqual({
      action: { kind: "limit", serial: "11418212345A", value: 100, type: 257 },
    });
  });

  it("ignores incomplete topics, unknown inverters, negative values and other settings", () => {
    expect(parse("solar/11418212345A/cmd", "1")).toEqual({ ignored: "Incomplete topic" });
    expect(parse("solar/11418212345A/status/power", "1")).toEqual({ ignored: "Incomplete topic" });
    expect(parse("solar/114182123456/cmd/power", "1")).toEqual({ ignored: "Inverter not found" });
    expect(parse("solar/11418212345A/cmd/power", "-1")).toEqual({ ignored: "Negative value" });
    expect(parse("solar/11418212345A/cmd/reboot", "1")).toEqual({ ignored: "Unknown command" });
    expect(parse("other/11418212345A/cmd/power", "1")).toEqual({ ignored: "Wrong base topic" });
    expect(parse("solar/11418212345A/cmd/restart", "1", true)).toEqual({
      ignored: "Ignored because retained",
    });
    expect(parse("solar/11418212345A/cmd/power", "1", true)).toEqual({
      action: { kind: "power", serial: "11418212345A", on: true },
    });
  });
});

describe("fixed", () => {
  it("formats like printf %.*f and drops float noise", () => {
    expect(fixed(140.7999878, 1)).toBe("140.8");
    expect(fixed(1874, 0)).toBe("1874");
    expect(fixed(0.999, 3)).toBe("0.999");
    expect(fixed(-0.01, 1)).toBe("0.0");
    expect(fixed(-61, 0)).toBe("-61");
    expect(fixed(Number.NaN, 2)).toBe("0.00");
  });
});

describe.skipIf(skipUnlessAvailable(hasOpenssl() ? "" : "openssl CLI not installed"))("certInfo", () => {
  let pki: Pki | undefined;
  const get = () => {
    pki ??= makePki("OpenDTU-3825436");
    return pki;
  };
  afterAll(() => pki?.remove());

  it("describes a CA certificate", () => {
    const info = certInfo(get().caCert);
    const lines = info.trimEnd().split("\n");
    expect(lines[0]).toBe("cert. version     : 3");
    expect(info).toMatch(/^issuer name {7}: C=NL, O=Throwaway Test, CN=Test Root CA$/m);
    expect(info).toMatch(/^subject name {6}: C=NL, O=Throwaway Test, CN=Test Root CA$/m);
    expect(info).toMatch(/^issued {2}on {8}: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/m);
    expect(info).toMatch(/^expires on {8}: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/m);
    expect(info).toMatch(/^signed using {6}: RSA with SHA-256$/m);
    expect(info).toMatch(/^RSA key size {6}: 2048 bits$/m);
    expect(info).toMatch(/^basic constraints : CA=true$/m);
  });

  it("describes a client certificate signed by the CA", () => {
    const info = certInfo(get().clientCert);
    expect(info).toMatch(/^serial number {5}: 0A:0B:0C$/m);
    expect(info).toMatch(/^subject name {6}: CN=OpenDTU-3825436$/m);
    expect(info).toMatch(/^issuer name {7}: C=NL, O=Throwaway Test, CN=Test Root CA$/m);
    expect(info).toMatch(/^EC key size {7}: 256 bits$/m);
    expect(info).toMatch(/^basic constraints : CA=false$/m);
    expect(info).toMatch(/^ext key usage {5}: TLS Web Client Authentication$/m);
  });

  it('is "" for anything that is not a certificate', () => {
    expect(certInfo(null)).toBe("");
    expect(certInfo("")).toBe("");
    expect(certInfo("hello")).toBe("");
    expect(certInfo(get().clientKey)).toBe("");
    expect(certInfo("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")).toBe("");
  });
});
