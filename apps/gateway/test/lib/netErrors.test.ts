import { describe, expect, it } from "vitest";
import { errorCode, netCause } from "../../src/lib/netErrors.ts";

const withCode = (message: string, code: string, cause?: unknown): Error =>
  Object.assign(new Error(message, cause === undefined ? {} : { cause }), { code });

describe("network-error words", () => {
  it("finds the innermost code under fetch's own error, keeping an outer one when the inner has none", () => {
    const fetchError = new TypeError("fetch failed", {
      cause: withCode("connect ECONNREFUSED", "ECONNREFUSED"),
    });
    expect(errorCode(fetchError)).toEqual({ code: "ECONNREFUSED", message: "connect ECONNREFUSED" });
    const wrapped = withCode("proxy failed", "UND_ERR_SOCKET", new Error("other side closed"));
    expect(errorCode(wrapped)).toEqual({ code: "UND_ERR_SOCKET", message: "other side closed" });
    expect(errorCode("text")).toEqual({ message: "text" });
  });

  it("has words for the causes owners meet, with the alert API's code where it has one", () => {
    expect(netCause("ECONNREFUSED")).toEqual({ words: "connection refused", key: "conn_refused" });
    expect(netCause("UND_ERR_SOCKET")).toEqual({ words: "connection lost" });
    expect(netCause("EWHATEVER")).toBeUndefined();
    expect(netCause(undefined)).toBeUndefined();
  });
});
