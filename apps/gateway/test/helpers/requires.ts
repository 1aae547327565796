/**
 * Conditional skips that cannot hide in CI: a test needing a tool the machine lacks (mosquitto, openssl) is skipped
 * with its reason on a developer's machine, but with CI=true the missing tool is a failure, so a CI image that lost
 * the tool cannot turn the suite green by skipping.
 */
import { it } from "vitest";

/**
 * `missing` is the reason the tools are not usable ("" when they are). Returns whether to skip the suite; under
 * CI=true a missing tool also registers a failing test naming it.
 */
export function skipUnlessAvailable(missing: string): boolean {
  if (missing === "") return false;
  if (/^(true|1)$/i.test(process.env.CI ?? "")) {
    it(`has its required tools (CI=true)`, () => {
      throw new Error(`${missing}: skipping is not allowed when CI=true`);
    });
  }
  return true;
}
