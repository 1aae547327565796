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

/** Removes every non-empty secret (and its URL-encoded form) from a text. */
export function redact(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === null || secret === undefined || secret === "") continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join("***");
  }
  return out;
}
