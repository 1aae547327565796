import { describe, expect, it } from "vitest";
import { digestAuthorization, parseChallenge } from "../../src/meter/digest.ts";
import { parseDigest } from "../../src/http/auth.ts";

// RFC 7616 §3.9.1: the example exchange, once with MD5 and once with SHA-256.
const CHALLENGE = (algorithm: string): string =>
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, ` +
  `nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`;
const REQUEST = {
  method: "GET",
  uri: "/dir/index.html",
  username: "Mufasa",
  password: "Circle of Life",
  nc: 1,
  cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
};

describe("Digest client (RFC 7616)", () => {
  it("answers the RFC's SHA-256 example with its response", () => {
    const c = parseChallenge(CHALLENGE("SHA-256"));
    expect(c).toMatchObject({ algorithm: "SHA-256", qop: "auth", sess: false });
    const header = parseDigest(digestAuthorization(c!, REQUEST));
    expect(header?.response).toBe("753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1");
    expect(header).toMatchObject({
      nc: "00000001",
      qop: "auth",
      uri: "/dir/index.html",
      opaque: expect.any(String),
    });
  });

  it("answers the RFC's MD5 example with its response", () => {
    const header = parseDigest(digestAuthorization(parseChallenge(CHALLENGE("MD5"))!, REQUEST));
    expect(header?.response).toBe("8ca523f5e9506fed4657c9700eebdbec");
  });

  it("refuses challenges it cannot answer", () => {
    expect(parseChallenge('Basic realm="x"')).toBeNull();
    expect(parseChallenge('Digest realm="x", nonce="n", algorithm=SHA-512')).toBeNull();
    expect(parseChallenge('Digest realm="x", nonce="n", qop="auth-int"')).toBeNull();
    expect(parseChallenge(undefined)).toBeNull();
  });

  it("never puts the password into the header", () => {
    const text = digestAuthorization(parseChallenge(CHALLENGE("SHA-256"))!, REQUEST);
    expect(text).not.toContain("Circle");
  });
});
