/**
 * The alert API of the simulated gateway (issue 23 §3): auth classes (the list follows the read rule, the rest needs
 * admin), every answer parsed by the strict contract schema, refusals naming the field with nothing changed, secrets
 * write-only (never in an answer nor the console), the file readable by its owner only, and the memory fallback.
 */
import { mkdirSync, readFileSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertEndpoints, type AlertEndpointName } from "@dtu/api/endpoints";
import { alertResponseSchemas } from "@dtu/api/schemas";
import { parseStrict } from "@dtu/api/strict";
import type { AlertConfigView, AlertList } from "@dtu/api/alerts";
import { ADMIN, FORM, form, makeDataDir, startGateway, type TestGateway } from "../helpers/app.ts";
import { startSink } from "./channels/helpers.ts";

let gw: TestGateway;
const consoleText: string[] = [];
const SECRET = "hook-secret-4711";
const PASSWORD = "smtp-pass-0815";

beforeAll(async () => {
  gw = await startGateway({ alerts: { tickMs: 3600_000 }, onConsole: (chunk) => consoleText.push(chunk) });
});
afterAll(async () => {
  // The stream test's socket may linger as keep-alive: not something to wait seconds for.
  gw.app.server.closeAllConnections();
  await gw.close();
});

const H = { ...FORM, authorization: ADMIN, "x-requested-with": "XMLHttpRequest" };
const get = (path: string, headers: Record<string, string> = { authorization: ADMIN }) =>
  gw.app.inject({ method: "GET", url: path, headers });
const post = (path: string, data: unknown, headers: Record<string, string> = H) =>
  gw.app.inject({ method: "POST", url: path, headers, payload: data === undefined ? "" : form(data) });
const view = async (): Promise<AlertConfigView> =>
  parseStrict(alertResponseSchemas.configGet, JSON.parse((await get(alertEndpoints.configGet.path)).body));

/** The alert language as the list tells it to read access (no credentials: read-only access is on). */
const listLanguage = async (): Promise<Pick<AlertList, "language" | "language_set">> => {
  const { language, language_set } = parseStrict(
    alertResponseSchemas.list,
    JSON.parse((await get("/api/alerts", {})).body),
  );
  return { language, language_set };
};

describe("auth", () => {
  it("the list follows the read rule: open while read-only access is on, else admin", async () => {
    expect((await get("/api/alerts", {})).statusCode).toBe(200);
    gw.app.gateway.config.security.allow_readonly = false;
    try {
      expect((await get("/api/alerts", {})).statusCode).toBe(401);
      expect((await get("/api/alerts")).statusCode).toBe(200);
    } finally {
      gw.app.gateway.config.security.allow_readonly = true;
    }
  });

  it("settings, acknowledge and test need admin even with read-only access on", async () => {
    expect((await get(alertEndpoints.configGet.path, {})).statusCode).toBe(401);
    for (const path of [alertEndpoints.configPost.path, alertEndpoints.ack.path, alertEndpoints.test.path]) {
      const res = await post(path, { id: 1 }, FORM);
      expect(res.statusCode, path).toBe(401);
    }
  });
});

it("every entry of the alert map answers what its strict schema says", async () => {
  for (const [name, def] of Object.entries(alertEndpoints) as [
    AlertEndpointName,
    (typeof alertEndpoints)[AlertEndpointName],
  ][]) {
    const schema = alertResponseSchemas[name];
    if (schema === null) continue; // the event stream (tested below with a real socket)
    const res =
      def.method === "GET" ? await get(def.path) : await post(def.path, name === "ack" ? { id: 1 } : {});
    expect(res.statusCode, name).toBe(200);
    expect(res.headers["content-type"], name).toMatch(/^application\/json/);
    parseStrict(schema, JSON.parse(res.body));
  }
});

describe("GET /api/alerts", () => {
  it("lists open and past alerts, newest first, with their deliveries; state and dates filter", async () => {
    const store = gw.app.alerts!.store;
    const base = {
      serial: "114182123456",
      name: "Roof",
      channel: null,
      detail: "d",
      severity: "critical" as const,
    };
    const old = store.insert({
      ...base,
      key: "a",
      kind: "inverter_silent",
      title: "old",
      started: 1718442000,
    });
    store.clear(old.id, 1718445000);
    const open = store.insert({
      ...base,
      key: "b",
      kind: "not_producing",
      title: "open",
      started: 1718450000,
    });
    store.delivery(open.id, { channel: "webhook", at: 1718450001, ok: false, error: "HTTP 500" });
    const all = parseStrict(alertResponseSchemas.list, JSON.parse((await get("/api/alerts?state=all")).body));
    expect(all.storage).toBe("database");
    expect(all.problem).toBeNull();
    expect(all.alerts.map((a) => [a.title, a.cleared])).toEqual([
      ["open", null],
      ["old", 1718445000],
    ]);
    expect(all.alerts[0]?.deliveries).toEqual([
      { channel: "webhook", at: 1718450001, ok: false, error: "HTTP 500" },
    ]);
    const onlyOpen = JSON.parse((await get("/api/alerts?state=open")).body) as typeof all;
    expect(onlyOpen.alerts.map((a) => a.title)).toEqual(["open"]);
    // 2024-06-15 in the device's zone (Berlin by default): both were open during that day; none on the 14th.
    const day = JSON.parse((await get("/api/alerts?from=2024-06-15&to=2024-06-15")).body) as typeof all;
    expect(day.alerts).toHaveLength(2);
    const before = JSON.parse((await get("/api/alerts?to=2024-06-14")).body) as typeof all;
    expect(before.alerts).toEqual([]);
  });

  it("a bad parameter answers 400 with a message naming it, and its code", async () => {
    for (const [query, word, code, params] of [
      ["state=closed", "state", "bad_state", { value: "closed" }],
      ["from=2024-13-01", "from", "bad_date", { name: "from", value: "2024-13-01" }],
      ["to=yesterday", "to", "bad_date", { name: "to", value: "yesterday" }],
      ["from=2024-06-16&to=2024-06-15", "from", "from_after_to", {}],
    ] as const) {
      const res = await get(`/api/alerts?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = parseStrict(alertResponseSchemas.configPost, JSON.parse(res.body));
      expect(body.message).toContain(word);
      expect(body, query).toMatchObject({ type: "danger", code, params });
    }
  });
});

describe("settings", () => {
  it("defaults: every rule with its threshold, channels off but the browser, no secret set", async () => {
    const v = await view();
    expect(v.language).toBe("en");
    // Nobody chose it yet: the web app proposes the page's language.
    expect(v.language_set).toBe(false);
    expect(await listLanguage()).toEqual({ language: "en", language_set: false });
    expect(v.rules.inverter_silent).toEqual({ enabled: true, minutes: 30 });
    expect(v.rules.weak_string).toEqual({ enabled: true, minutes: 60, percent: 60 });
    expect(v.rules.dtu_silent.minutes).toBe(10);
    expect(v.rules.daily_summary.enabled).toBe(false);
    expect(v.channels.webhook).toEqual({ enabled: false, url: "", secret_set: false });
  });

  it("secrets are write-only: stored in a file only its owner can read, never answered nor logged", async () => {
    const res = await post(alertEndpoints.configPost.path, {
      language: "de",
      rules: { inverter_silent: { minutes: 1 } },
      channels: {
        webhook: { enabled: true, url: "http://127.0.0.1:9/hook", secret: SECRET },
        email: { host: "smtp.example.org", password: PASSWORD },
      },
    });
    expect(parseStrict(alertResponseSchemas.configPost, JSON.parse(res.body))).toEqual({
      type: "success",
      message: "Settings saved.",
      code: "saved",
      params: {},
    });
    const v = await view();
    expect(v.language).toBe("de");
    expect(v.language_set).toBe(true);
    expect(await listLanguage()).toEqual({ language: "de", language_set: true });
    expect(v.rules.inverter_silent.minutes).toBe(1);
    expect(v.channels.webhook).toEqual({ enabled: true, url: "http://127.0.0.1:9/hook", secret_set: true });
    expect(v.channels.email.password_set).toBe(true);
    const file = join(gw.dataDir, "alerts.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(SECRET);
    // Leaving a secret out (or null) keeps it; "" clears it.
    await post(alertEndpoints.configPost.path, {
      channels: { webhook: { secret: null }, email: { port: 465 } },
    });
    expect((await view()).channels.webhook.secret_set).toBe(true);
    await post(alertEndpoints.configPost.path, { channels: { email: { password: "" } } });
    expect((await view()).channels.email.password_set).toBe(false);
    const answers = [await get(alertEndpoints.configGet.path), await get("/api/alerts?state=all")];
    for (const a of answers) expect(a.body).not.toContain(SECRET);
    expect(consoleText.join("")).not.toContain(SECRET);
    // Nor through the device's file API (backup download, file list, upload over it).
    expect((await get("/api/config/get?file=alerts.json")).statusCode).toBe(404);
    expect((await get("/api/config/list")).body).not.toContain("alerts.json");
    expect(consoleText.join("")).not.toContain(PASSWORD);
  });

  it("an oversized body is refused naming the field data, with its code, not the device's numeric answer", async () => {
    const file = join(gw.dataDir, "alerts.json");
    const before = readFileSync(file, "utf8");
    const res = await gw.app.inject({
      method: "POST",
      url: alertEndpoints.configPost.path,
      headers: H,
      payload: `data=${"x".repeat(2 * 1024 * 1024)}`,
    });
    const answer = parseStrict(alertResponseSchemas.configPost, JSON.parse(res.body));
    expect(answer).toEqual({
      type: "warning",
      message: "data is larger than 1048576 bytes",
      field: "data",
      code: "data_too_large",
      params: { max: 1048576 },
    });
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("a refusal names the field, and nothing changes", async () => {
    const file = join(gw.dataDir, "alerts.json");
    const before = readFileSync(file, "utf8");
    const cases: [unknown, string, string, object][] = [
      [
        { rules: { inverter_silent: { minutes: 0 } } },
        "rules.inverter_silent.minutes",
        "minutes_range",
        { max: 10080 },
      ],
      [{ rules: { weak_string: { percent: 150 } } }, "rules.weak_string.percent", "percent_range", {}],
      [{ rules: { clock: { minutes: "sixty" } } }, "rules.clock.minutes", "wrong_type", { type: "number" }],
      [{ rules: { event_log: { ignore_ids: [1, "x"] } } }, "rules.event_log.ignore_ids", "not_list", {}],
      [{ language: "es" }, "language", "language", {}],
      [
        { channels: { webhook: { url: "ftp://example.org/" } } },
        "channels.webhook.url",
        "url_scheme",
        { schemes: "http://, https://" },
      ],
      [
        { channels: { ntfy: { url: "javascript:alert(1)" } } },
        "channels.ntfy.url",
        "url_scheme",
        { schemes: "http://, https://" },
      ],
      [
        { channels: { mqtt: { url: "http://broker" } } },
        "channels.mqtt.url",
        "url_scheme",
        { schemes: "mqtt://, mqtts://" },
      ],
      [
        { channels: { email: { to: "a@example.org\r\nBcc: b@example.org" } } },
        "channels.email.to",
        "control_chars",
        {},
      ],
      [{ channels: { ntfy: { enabled: true, topic: "" } } }, "channels.ntfy.topic", "required", {}],
      [{ channels: { email: { port: 70000 } } }, "channels.email.port", "bad_port", {}],
      [{ channels: { pager: { enabled: true } } }, "channels.pager", "not_setting", {}],
      [{ rules: { inverter_silent: { minutes: 5 } }, colour: "red" }, "colour", "not_setting", {}],
      [[1, 2], "data", "data_object", {}],
    ];
    for (const [data, field, code, params] of cases) {
      const res = await post(alertEndpoints.configPost.path, data);
      const answer = parseStrict(alertResponseSchemas.configPost, JSON.parse(res.body));
      expect(answer.type, JSON.stringify(data)).toBe("warning");
      expect(answer.field, JSON.stringify(data)).toBe(field);
      expect(answer.message).toContain(field);
      expect(answer, JSON.stringify(data)).toMatchObject({ code, params });
    }
    const missing = await post(alertEndpoints.configPost.path, undefined);
    expect(JSON.parse(missing.body)).toMatchObject({ type: "warning", field: "data", code: "data_missing" });
    const junk = await gw.app.inject({
      method: "POST",
      url: alertEndpoints.configPost.path,
      headers: H,
      payload: "data=%7Bnope",
    });
    expect(JSON.parse(junk.body)).toMatchObject({ type: "warning", field: "data", code: "data_json" });
    expect(readFileSync(file, "utf8")).toBe(before);
  });
});

describe("acknowledge and test", () => {
  it("acknowledges an alert by id; an unknown id is refused naming the field", async () => {
    const a = gw.app.alerts!.store.insert({
      key: "c",
      kind: "radio",
      severity: "warning",
      serial: null,
      name: "OpenDTU",
      channel: null,
      title: "radio",
      detail: "",
      started: 1718460000,
    });
    const ok = parseStrict(
      alertResponseSchemas.ack,
      JSON.parse((await post(alertEndpoints.ack.path, { id: a.id })).body),
    );
    expect(ok).toMatchObject({ type: "success", code: "acknowledged", params: { id: a.id } });
    const list = JSON.parse((await get("/api/alerts?state=open")).body) as {
      alerts: { id: number; acknowledged: boolean }[];
    };
    expect(list.alerts.find((x) => x.id === a.id)?.acknowledged).toBe(true);
    for (const [body, code] of [
      [{ id: 99999 }, "no_alert"],
      [{ id: "1" }, "alert_id"],
      [{}, "alert_id"],
    ] as const) {
      const res = JSON.parse((await post(alertEndpoints.ack.path, body)).body) as {
        type: string;
        field: string;
      };
      expect(res).toMatchObject({ type: "warning", field: "id", code });
    }
  });

  it("test sends on every enabled channel and answers one result each; an open page gets it on the stream", async () => {
    const sink = await startSink();
    await gw.app.listen({ port: 0, host: "127.0.0.1" });
    const page = new AbortController();
    try {
      const saved = await post(alertEndpoints.configPost.path, {
        language: "en",
        channels: {
          webhook: { enabled: true, url: `${sink.url}/hook` },
          browser: { enabled: true },
        },
      });
      expect(JSON.parse(saved.body)).toMatchObject({ type: "success" });
      const none = parseStrict(
        alertResponseSchemas.test,
        JSON.parse((await post(alertEndpoints.test.path, undefined)).body),
      );
      expect(none.results).toEqual([
        { channel: "webhook", ok: true, error: null },
        // No page open: the English words and the code the web app translates.
        { channel: "browser", ok: false, error: "no page of the app is open", code: "no_page", params: {} },
      ]);
      const address = gw.app.server.address() as AddressInfo;
      const stream = await fetch(`http://127.0.0.1:${address.port}${alertEndpoints.stream.path}`, {
        signal: page.signal,
      });
      expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
      const reader = stream.body!.getReader();
      await expect.poll(() => gw.app.alerts!.hub!.pages).toBe(1);
      const both = parseStrict(
        alertResponseSchemas.test,
        JSON.parse((await post(alertEndpoints.test.path, undefined)).body),
      );
      expect(both.results.every((r) => r.ok)).toBe(true);
      let text = "";
      while (!text.includes("event: alert")) text += new TextDecoder().decode((await reader.read()).value);
      expect(sink.requests).toHaveLength(2);
      expect(JSON.parse(sink.requests[0]?.body ?? "{}")).toMatchObject({ event: "test", alert: null });
    } finally {
      page.abort();
      await expect.poll(() => gw.app.alerts!.hub!.pages).toBe(0);
      await sink.close();
    }
  });
});

it("history.db not usable: alerts are kept in memory and the list says so", async () => {
  const dataDir = await makeDataDir();
  mkdirSync(join(dataDir, "history.db")); // a folder where the database file should be
  const other = await startGateway({ dataDir, alerts: { tickMs: 3600_000 } });
  try {
    const list = parseStrict(
      alertResponseSchemas.list,
      JSON.parse((await other.app.inject("/api/alerts")).body),
    );
    expect(list.storage).toBe("memory");
    expect(list.problem).toMatch(/memory/);
    other.app.alerts!.store.insert({
      key: "k",
      kind: "clock",
      severity: "warning",
      serial: null,
      name: "OpenDTU",
      channel: null,
      title: "clock",
      detail: "",
      started: 1,
    });
    const after = JSON.parse((await other.app.inject("/api/alerts")).body) as { alerts: unknown[] };
    expect(after.alerts).toHaveLength(1);
  } finally {
    await other.close();
  }
});
