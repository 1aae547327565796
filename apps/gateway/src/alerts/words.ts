/**
 * An alert's facts and its words (issue 34 §4). The facts travel with the alert, so the screens word it in the
 * page's language; the words here are the alert language's, for what is sent out (texts.ts). A string is called by
 * the name the owner set in Settings > Inverters, by its number where none is set (issue 34 §2).
 */
import type { AlertFacts, AlertKind, AlertLanguage } from "@dtu/api/alerts";
import type { Observation } from "./rules.ts";
import { TEXTS, fill, num } from "./texts.ts";

/** What a rule's alert says, from its observation. */
export function ruleFacts(o: Observation): AlertFacts {
  const f = o.facts;
  switch (o.kind) {
    case "weak_string":
      return {
        minutes: f.minutes ?? 0,
        percent: f.percent ?? 0,
        share: f.share ?? 0,
        usual: f.usual ?? 0,
        string: (o.channel ?? 0) + 1,
        string_name: o.stringName ?? "",
      };
    case "command_failed":
      return { command: f.power ? "power" : "limit" };
    case "zeroexport_paused":
      return {};
    default:
      return { minutes: f.minutes ?? 0 };
  }
}

/** The title and detail of an alert in `language`. */
export function wordsOf(
  kind: AlertKind,
  name: string,
  facts: AlertFacts,
  language: AlertLanguage,
): { title: string; detail: string } {
  const t = TEXTS[language];
  const values: Record<string, string | number> = {
    name,
    string: facts.string_name || (facts.string ?? 1),
    command: facts.command === "power" ? t.power : t.limit,
    minutes: facts.minutes ?? 0,
    percent: facts.percent ?? 0,
    share: num(facts.share ?? 0, language),
    usual: num(facts.usual ?? 0, language),
    message: facts.message ?? "",
    id: facts.event ?? 0,
    time: facts.time ?? "",
  };
  return { title: fill(t[kind].title, values), detail: fill(t[kind].detail, values) };
}
