/**
 * Whether anyone chose the alert language survives a restart (`language_set` of GET /api/alerts/config): only a POST
 * that gives the language chooses it, and the file holds a `language` only then.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  ALERTS_FILE,
  applyPost,
  defaultAlertConfig,
  loadAlertConfig,
  saveAlertConfig,
  viewOf,
} from "../../src/alerts/config.ts";
import { makeDataDir } from "../helpers/app.ts";

let dir: string;
const log: string[] = [];
beforeAll(async () => {
  dir = await makeDataDir();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const reload = () => loadAlertConfig(dir, (line) => void log.push(line));

it("stays unchosen through a save of other settings and a restart", async () => {
  const next = applyPost(defaultAlertConfig(), { rules: { inverter_silent: { minutes: 5 } } });
  expect(next.language_set).toBe(false);
  await saveAlertConfig(dir, next);
  expect(JSON.parse(await readFile(join(dir, ALERTS_FILE), "utf8"))).not.toHaveProperty("language");
  const loaded = await reload();
  expect(loaded.rules.inverter_silent.minutes).toBe(5);
  expect(viewOf(loaded)).toMatchObject({ language: "en", language_set: false });
});

it("is chosen by a POST that gives it, also English, and stays chosen after a restart", async () => {
  const next = applyPost(await reload(), { language: "en" });
  expect(next.language_set).toBe(true);
  await saveAlertConfig(dir, applyPost(next, { language: "fr" }));
  expect(viewOf(await reload())).toMatchObject({ language: "fr", language_set: true });
});

it("ignores the view's flag posted back, and takes a file of an earlier gateway (with a language) as chosen", async () => {
  // The view as GET answers it, without the language, posted back with its flags (a secret's `*_set` included).
  const { language: _unchosen, ...view } = { ...viewOf(defaultAlertConfig()), language_set: true };
  expect(applyPost(defaultAlertConfig(), view).language_set).toBe(false);
  const { language_set: _flag, ...earlier } = { ...defaultAlertConfig(), language: "de" as const };
  await writeFile(join(dir, ALERTS_FILE), JSON.stringify(earlier));
  expect(viewOf(await reload())).toMatchObject({ language: "de", language_set: true });
  expect(log).toEqual([]);
});
