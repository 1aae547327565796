/** Console text handling (API.md §3.3, §9.4): no React, no DOM. */

/** `hh:mm:ss.mmm > ` in local time (SEED §2). */
export function timePrefix(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)} > `;
}

/**
 * Prefixes every line that starts in `chunk`. Frames are arbitrary pieces of the log, so `atLineStart` carries
 * over whether the previous frame ended with a newline: a line split across frames gets one prefix. Lines end in
 * `\r\n` up to v25.4 and in `\n` later (API.md §9.4); both become `\n`, also when a `\r\n` is cut between frames.
 */
export function prefixChunk(
  chunk: string,
  atLineStart: boolean,
  prefix: string,
): { text: string; atLineStart: boolean } {
  const parts = chunk.replace(/\r(?=\n|$)/g, "").split("\n");
  let text = "";
  let start = atLineStart;
  parts.forEach((part, i) => {
    if (i > 0) {
      text += "\n";
      start = true;
    }
    if (part !== "") {
      if (start) text += prefix;
      text += part;
      start = false;
    }
  });
  return { text, atLineStart: start };
}

/** Keeps the text area bounded on a device that logs for days: drop whole lines from the start. */
export function trimLog(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.indexOf("\n", text.length - max);
  return cut < 0 ? text.slice(text.length - max) : text.slice(cut + 1);
}
