/**
 * Human-readable X.509 description for `mqtt_root_ca_cert_info` / `mqtt_client_cert_info` (API.md §3.16): one
 * `label : value` line per item, in the style of the device's TLS library dump. "" when the text is not a
 * certificate (empty, null, garbage, a private key…).
 */
import { X509Certificate } from "node:crypto";

interface Tlv {
  tag: number;
  start: number;
  end: number;
}

/** One DER element at `offset` (definite lengths only, which DER guarantees). */
function readTlv(der: Uint8Array, offset: number): Tlv | null {
  if (offset + 2 > der.length) return null;
  const tag = der[offset] ?? 0;
  let length = der[offset + 1] ?? 0;
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4) return null;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + (der[start + i] ?? 0);
    start += bytes;
  }
  const end = start + length;
  return end <= der.length ? { tag, start, end } : null;
}

function decodeOid(bytes: Uint8Array): string {
  const values: number[] = [];
  let current = 0;
  for (const byte of bytes) {
    current = current * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      values.push(current);
      current = 0;
    }
  }
  // The first sub-identifier packs the first two arcs as 40 * a + b.
  const [first = 0, ...rest] = values;
  const a = Math.min(2, Math.floor(first / 40));
  return [a, first - 40 * a, ...rest].join(".");
}

const SIGNATURE_NAMES: Record<string, string> = {
  "1.2.840.113549.1.1.4": "RSA with MD5",
  "1.2.840.113549.1.1.5": "RSA with SHA1",
  "1.2.840.113549.1.1.10": "RSASSA-PSS",
  "1.2.840.113549.1.1.11": "RSA with SHA-256",
  "1.2.840.113549.1.1.12": "RSA with SHA-384",
  "1.2.840.113549.1.1.13": "RSA with SHA-512",
  "1.2.840.113549.1.1.14": "RSA with SHA-224",
  "1.2.840.10045.4.1": "ECDSA with SHA1",
  "1.2.840.10045.4.3.1": "ECDSA with SHA224",
  "1.2.840.10045.4.3.2": "ECDSA with SHA256",
  "1.2.840.10045.4.3.3": "ECDSA with SHA384",
  "1.2.840.10045.4.3.4": "ECDSA with SHA512",
  "1.3.101.112": "Ed25519",
  "1.3.101.113": "Ed448",
};

const EXTENDED_USAGES: Record<string, string> = {
  "1.3.6.1.5.5.7.3.1": "TLS Web Server Authentication",
  "1.3.6.1.5.5.7.3.2": "TLS Web Client Authentication",
  "1.3.6.1.5.5.7.3.3": "Code Signing",
  "1.3.6.1.5.5.7.3.4": "E-mail Protection",
  "1.3.6.1.5.5.7.3.8": "Time Stamping",
  "1.3.6.1.5.5.7.3.9": "OCSP Signing",
};

const CURVE_BITS: Record<string, number> = {
  prime256v1: 256,
  secp256k1: 256,
  secp384r1: 384,
  secp521r1: 521,
};

/** Version (1-based) and signature algorithm, which node's X509Certificate does not expose. */
function versionAndSignature(der: Uint8Array): { version: number; signature: string } {
  const cert = readTlv(der, 0);
  const tbs = cert ? readTlv(der, cert.start) : null;
  if (!cert || !tbs) return { version: 1, signature: "unknown" };
  let version = 1;
  const first = readTlv(der, tbs.start);
  // [0] EXPLICIT version; absent means v1.
  if (first && first.tag === 0xa0) {
    const integer = readTlv(der, first.start);
    if (integer) version = (der[integer.end - 1] ?? 0) + 1;
  }
  const algorithm = readTlv(der, tbs.end);
  const oid = algorithm ? readTlv(der, algorithm.start) : null;
  if (!oid || oid.tag !== 0x06) return { version, signature: "unknown" };
  const dotted = decodeOid(der.subarray(oid.start, oid.end));
  return { version, signature: SIGNATURE_NAMES[dotted] ?? dotted };
}

function utc(text: string): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/** Distinguished name from node's one-attribute-per-line form to the single-line `C=.., O=.., CN=..` form. */
function dn(text: string): string {
  return text.split("\n").filter(Boolean).join(", ");
}

function serialWithColons(hex: string): string {
  const even = hex.length % 2 ? "0" + hex : hex;
  return (even.match(/../g) ?? []).join(":");
}

function keyLine(cert: X509Certificate): string {
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails;
  switch (key.asymmetricKeyType) {
    case "rsa":
    case "rsa-pss":
      return `RSA key size      : ${details?.modulusLength ?? 0} bits`;
    case "ec": {
      const curve = details?.namedCurve ?? "";
      return `EC key size       : ${CURVE_BITS[curve] ?? 0} bits`;
    }
    default:
      return `public key type   : ${key.asymmetricKeyType ?? "unknown"}`;
  }
}

export function certInfo(pem: string | null): string {
  if (!pem || !pem.includes("-----BEGIN CERTIFICATE-----")) return "";
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    return "";
  }
  const { version, signature } = versionAndSignature(new Uint8Array(cert.raw));
  const lines = [
    `cert. version     : ${version}`,
    `serial number     : ${serialWithColons(cert.serialNumber)}`,
    `issuer name       : ${dn(cert.issuer)}`,
    `subject name      : ${dn(cert.subject)}`,
    `issued  on        : ${utc(cert.validFrom)}`,
    `expires on        : ${utc(cert.validTo)}`,
    `signed using      : ${signature}`,
    keyLine(cert),
    `basic constraints : CA=${cert.ca ? "true" : "false"}`,
  ];
  if (cert.subjectAltName) lines.push(`subject alt name  : ${cert.subjectAltName}`);
  // node's `keyUsage` holds the extended key usage OIDs.
  if (cert.keyUsage?.length) {
    lines.push(`ext key usage     : ${cert.keyUsage.map((oid) => EXTENDED_USAGES[oid] ?? oid).join(", ")}`);
  }
  return lines.join("\n") + "\n";
}
