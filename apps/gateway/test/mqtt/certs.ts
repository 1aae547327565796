/** Throwaway PKI for the TLS tests: a CA, a server certificate for 127.0.0.1 and a client certificate (openssl CLI). */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Pki {
  dir: string;
  file: (name: string) => string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A second, unrelated CA: certificates of the first do not verify against it. */
  otherCaCert: string;
  remove(): void;
}

export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export function makePki(clientCn: string): Pki {
  const dir = mkdtempSync(join(tmpdir(), "mqtt-pki-"));
  const file = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  const ca = (name: string, cn: string) =>
    ssl(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.crt`,
      "-days",
      "2",
      "-subj",
      `/C=NL/O=Throwaway Test/CN=${cn}`,
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    );
  ca("ca", "Test Root CA");
  ca("other", "Other Root CA");
  const leaf = (name: string, cn: string, extensions: string, serial: string) => {
    ssl(
      "req",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.csr`,
      "-subj",
      `/CN=${cn}`,
    );
    writeFileSync(file(`${name}.ext`), extensions);
    ssl(
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-set_serial",
      serial,
      "-days",
      "2",
      "-sha256",
      "-extfile",
      `${name}.ext`,
      "-out",
      `${name}.crt`,
    );
  };
  leaf(
    "server",
    "localhost",
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n",
    "0x0102",
  );
  leaf("client", clientCn, "extendedKeyUsage=clientAuth\n", "0x0a0b0c");
  const read = (name: string) => readFileSync(file(name), "utf8");
  return {
    dir,
    file,
    caCert: read("ca.crt"),
    serverCert: read("server.crt"),
    serverKey: read("server.key"),
    clientCert: read("client.crt"),
    clientKey: read("client.key"),
    otherCaCert: read("other.crt"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
