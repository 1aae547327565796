/**
 * Error texts and header values that are safe to show, store and log (issue 23 §6): one line, bounded, and without
 * any secret the channel holds, even if a library or a server echoed it back.
 */

const MAX_ERROR = 300;

/** Replaces CR, LF and other control characters by a space, so a value cannot start a new header or line. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is neutralised here
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/**
 * The words of a thrown value (an Error's message, else a generic text: never the value itself, it may hold data),
 * secrets removed before it is cut to length so no part of one survives.
 */
export function errorText(error: unknown, secrets: readonly (string | null | undefined)[] = []): string {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "failed";
  const line = redact(oneLine(text), secrets);
  return line === "" ? "failed" : line.length > MAX_ERROR ? `${line.slice(0, MAX_ERROR - 1)}…` : line;
}

/** Shorter encoded runs could match ordinary text by chance; a secret's own spelling is always removed. */
const MIN_ENCODED = 6;

/**
 * The runs of base64 (standard and URL-safe) that encode `bytes` wherever they sit in a longer encoded text: one per
 * alignment (the secret starting at byte 0, 1 or 2 of a 3-byte group), only the characters made of its bits alone.
 */
function base64Runs(bytes: Buffer): string[] {
  const runs: string[] = [];
  for (let lead = 0; lead < 3; lead++) {
    const text = Buffer.concat([Buffer.alloc(lead), bytes]).toString("base64");
    const first = Math.ceil((lead * 8) / 6);
    const last = Math.floor(((lead + bytes.length) * 8) / 6);
    const run = text.slice(first, last);
    runs.push(run, run.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return runs;
}

/**
 * A secret in the spellings a library or a server may echo it in (issue 34 §14): as is, URL-encoded, JSON-escaped,
 * hex and base64 (an echoed `Authorization` header, a token in a JSON error).
 */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const hex = bytes.toString("hex");
  const encoded = [encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), hex, hex.toUpperCase()];
  const forms = [secret, ...[...encoded, ...base64Runs(bytes)].filter((f) => f.length >= MIN_ENCODED)];
  // Longest first, so a form inside a longer one does not leave the rest of the longer one behind.
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** Removes every non-empty secret, in its common encodings too (`secretForms`), from a text. */
export function redact(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === null || secret === undefined || secret === "") continue;
    for (const form of secretForms(secret)) out = out.split(form).join("***");
  }
  return out;
}
