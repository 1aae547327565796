/** The usage text, made from the one definition of the options (options.ts). */
import { OPTIONS, type OptionDef } from "./options.ts";

const WIDTH = 116;
/** Where an option's meaning starts: on its name's line when the name is short enough, else on the next one. */
const INDENT = 15;

/** `--flag VALUE`, as the usage and the README write it. */
export function synopsis(def: Pick<OptionDef<unknown>, "flag" | "value">): string {
  return def.value === undefined ? `--${def.flag}` : `--${def.flag} ${def.value}`;
}

/** Words filled into lines of at most `width` characters, the first starting with `first`. */
function fill(words: string[], first: string, width: number): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of words) {
    const blank = line.trim() === "" || line.endsWith(" ");
    if (!blank && line.length + 1 + word.length > width) {
      lines.push(line);
      line = " ".repeat(INDENT) + word;
    } else line += (blank ? "" : " ") + word;
  }
  return [...lines, line];
}

function describe(def: OptionDef<unknown>): string[] {
  const name = `  ${synopsis(def)}`;
  const notes = [
    ...(def.env ? [`env ${def.env.join(" or ")}`] : []),
    ...(def.default !== undefined ? [`default ${def.default}`] : []),
  ];
  const words = `${def.meaning}${notes.length > 0 ? ` (${notes.join(", ")})` : ""}`.split(" ");
  if (name.length < INDENT) return fill(words, name.padEnd(INDENT), WIDTH);
  return [name, ...fill(words, " ".repeat(INDENT), WIDTH)];
}

export function usageText(options: Record<string, OptionDef<unknown>> = OPTIONS): string {
  const defs = Object.values(options);
  const head = fill(
    defs.map((d) => `[${synopsis(d)}]`),
    "Usage: npm start --",
    WIDTH,
  );
  return [...head, ...defs.flatMap(describe), "  --help, -h   this text"].join("\n");
}
