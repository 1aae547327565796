import { describe, expect, it } from "vitest";
import { installedVersion, loosePins, madeFor, versionMismatches } from "./made-for.mjs";

// Issue 22 §1: the device build's tables (React's renamed fields, the CSS passes, the lean Bootstrap copies) were
// made for exact versions. Another installed version fails here with what to re-check.
describe("made-for", () => {
  it("every package the device build relies on is installed at the recorded version", () => {
    expect(versionMismatches().join("\n\n")).toBe("");
  });

  it("package.json pins each of them to exactly that version", () => {
    expect(loosePins()).toEqual([]);
  });

  it("a version bump yields a message naming the package, both versions and what to re-check", () => {
    const bumped = (name: string) => (name === "react" ? "19.3.2" : (madeFor[name]?.version ?? ""));
    const [message, ...rest] = versionMismatches(bumped);
    expect(rest).toEqual([]);
    expect(message).toMatch(
      /^react 19\.3\.2 is installed, but the device build was made for 19\.3\.1\. Re-check /,
    );
    expect(message).toContain("react-private-fields.mjs");
  });

  it("reads versions from the installed packages", () => {
    expect(installedVersion("react")).toMatch(/^\d+\.\d+\.\d+/);
    expect(installedVersion("rolldown")).toMatch(/^\d+\.\d+\.\d+/);
  });
});
