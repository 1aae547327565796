/** `--device NAME=URL`, `DTU_DEVICES`, `--base-path` and the first-start seed of simulated devices (src/multi/). */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seedSimConfig, simIdentity } from "../../src/multi/simSeed.ts";
import { devicesFromEnv, parseBasePath, parseDeviceSpec, parseDeviceSpecs } from "../../src/multi/specs.ts";
import { parseArgs } from "../../src/server.ts";

describe("device specs", () => {
  it("reads NAME=URL, NAME=sim and a bare URL", () => {
    expect(parseDeviceSpec("roof=sim")).toEqual({ name: "roof", target: "sim" });
    const garage = parseDeviceSpec("garage=192.168.1.50:8080");
    expect(garage.name).toBe("garage");
    expect(String(garage.target)).toBe("http://192.168.1.50:8080/");
    // A `=` inside the address is no name.
    expect(parseDeviceSpec("http://10.0.0.5/?a=b")).toMatchObject({ name: "dtu" });
    expect(String(parseDeviceSpec("house=http://opendtu.local").target)).toBe("http://opendtu.local/");
  });

  it("refuses bad names, empty addresses and duplicates with a message naming them", () => {
    expect(() => parseDeviceSpec("Roof=sim")).toThrow(/invalid device name "Roof"/);
    expect(() => parseDeviceSpec("a_b=sim")).toThrow(/invalid device name "a_b"/);
    expect(() => parseDeviceSpec("-x=sim")).toThrow(/invalid device name "-x"/);
    expect(() => parseDeviceSpec("x".repeat(25) + "=sim")).toThrow(/1 to 24/);
    expect(() => parseDeviceSpec("roof=")).toThrow(/address after "roof=" is missing/);
    expect(() => parseDeviceSpec("roof=ftp://x")).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseDeviceSpecs(["roof=sim", "roof=10.0.0.1"])).toThrow(/"roof" is given twice/);
  });

  it("takes a device's own credentials from its address, percent-decoded, and keeps them out of the URL", () => {
    const garage = parseDeviceSpec("garage=http://admin:s%40cret%2F1%3A@192.168.1.50");
    expect(String(garage.target)).toBe("http://192.168.1.50/");
    expect(garage.credentials).toEqual({ user: "admin", password: "s@cret/1:" });
    // Without a scheme too, and in DTU_DEVICES (a comma in a password written %2C).
    expect(parseDeviceSpec("house=owner:p%C3%A4ss@10.0.0.7").credentials).toEqual({
      user: "owner",
      password: "päss",
    });
    const [first] = parseDeviceSpecs(parseArgs([], { DTU_DEVICES: "a=http://admin:x%2Cy@h,b=sim" }).devices);
    expect(first?.credentials).toEqual({ user: "admin", password: "x,y" });
    expect(parseDeviceSpec("roof=sim").credentials).toBeUndefined();
    expect(parseDeviceSpec("roof=http://10.0.0.8").credentials).toBeUndefined();
  });

  it("refuses a bad user part with a message naming the device and never the password", () => {
    const refused = (text: string): string => {
      try {
        parseDeviceSpec(text);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error(`accepted ${text}`);
    };
    const cases: [string, RegExp][] = [
      [
        "garage=http://:hunter2@10.0.0.9",
        /^--device garage=http:\/\/\*\*\*@10\.0\.0\.9: .*password but no user/,
      ],
      ["garage=http://hunter2@10.0.0.9", /^--device garage=.*a user but no password/],
      [
        "garage=http://admin:hunter2%zz@10.0.0.9",
        /^--device garage=.*"%" that is not followed by two hex digits/,
      ],
      ["roof=admin:hunter2@sim", /^--device roof=\*\*\*@sim: a simulated device takes no user or password/],
      ["garage=ftp://admin:hunter2@10.0.0.9", /^--device garage=ftp:\/\/\*\*\*@10\.0\.0\.9: .*http:\/\//],
      [
        "Garage=http://admin:hunter2@10.0.0.9",
        /invalid device name "Garage" in --device Garage=http:\/\/\*\*\*@/,
      ],
      // Unencoded `/` and `@` in the password: the address does not parse, the message still hides it all.
      ["garage=http://admin:hun/ter@2@10.0.0.9", /^--device garage=http:\/\/\*\*\*@10\.0\.0\.9: /],
      ["garage=http://admin:12/hunter@10.0.0.9", /^--device garage=http:\/\/\*\*\*@10\.0\.0\.9: .*%2F/],
    ];
    for (const [text, message] of cases) {
      const said = refused(text);
      expect(said).toMatch(message);
      expect(said).not.toMatch(/hunter|hun\/ter/);
    }
  });

  it("takes DTU_DEVICES comma-separated; --device on the command line replaces it", () => {
    expect(devicesFromEnv(" roof=sim, ,garage=sim ")).toEqual(["roof=sim", "garage=sim"]);
    expect(parseArgs([], { DTU_DEVICES: "roof=sim,garage=sim" }).devices).toEqual(["roof=sim", "garage=sim"]);
    expect(
      parseArgs(["--device", "a=sim", "--device=b=http://x"], { DTU_DEVICES: "roof=sim,garage=sim" }).devices,
    ).toEqual(["a=sim", "b=http://x"]);
  });

  it("normalises --base-path and refuses what is not a plain path", () => {
    expect(parseBasePath("/solar")).toBe("/solar/");
    expect(parseBasePath("/a/b/")).toBe("/a/b/");
    expect(parseBasePath("/")).toBe("/");
    expect(() => parseBasePath("solar")).toThrow(/invalid --base-path/);
    expect(() => parseBasePath("/../x")).toThrow(/invalid --base-path/);
    expect(() => parseBasePath("/a b/")).toThrow(/invalid --base-path/);
    expect(parseArgs(["--base-path", "/solar"], {}).basePath).toBe("/solar/");
  });
});

describe("simulated devices' first start", () => {
  it("gives each device its own MAC and inverter serials, and never overwrites a config", async () => {
    const dir = await mkdtemp(join(tmpdir(), "dtu-seed-"));
    try {
      const serialsOf = async (name: string, index: number, count: number): Promise<number[]> => {
        await seedSimConfig(join(dir, name), name, simIdentity(name, index), index, count);
        const config = JSON.parse(await readFile(join(dir, name, "config.json"), "utf8")) as {
          inverters: { serial: number }[];
          mqtt: { topic: string };
        };
        expect(config.mqtt.topic).toBe(`solar/${name}/`);
        return config.inverters.map((i) => i.serial).filter((s) => s !== 0);
      };
      const roof = await serialsOf("roof", 0, 4);
      const garage = await serialsOf("garage", 1, 4);
      expect(roof).toHaveLength(4);
      expect(new Set([...roof, ...garage]).size).toBe(8);
      expect(simIdentity("roof", 0).mac).not.toBe(simIdentity("garage", 1).mac);
      expect(simIdentity("roof", 0).mac).toBe(simIdentity("roof", 5).mac);
      // A second start keeps what the first wrote (and whatever the owner changed since).
      expect(await serialsOf("roof", 3, 1)).toEqual(roof);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
