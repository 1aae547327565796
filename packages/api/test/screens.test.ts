import { describe, expect, it } from "vitest";
import { TOP_LOGIN_PATH, gatewayScreenPaths, topPagePaths, topScreenPaths } from "../src/screens.ts";

describe("the gateway's screens, declared once (src/screens.ts)", () => {
  it("gives each screen its own path, an absolute one", () => {
    for (const paths of [gatewayScreenPaths, topScreenPaths]) {
      const all = Object.values(paths);
      expect(new Set(all).size).toBe(all.length);
      for (const p of all) expect(p).toMatch(/^\/[a-z/]*$/);
    }
  });

  it("serves the top level's page at its screens and its login, in the menu's order", () => {
    expect(topPagePaths()).toEqual([...Object.values(topScreenPaths), TOP_LOGIN_PATH]);
    expect(topPagePaths()).toEqual(["/", "/history", "/login"]);
  });
});
