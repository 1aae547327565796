/**
 * The browser channel while no page of the app is open (issue 23 leftover): nothing to deliver is not a failure. The
 * alert's delivery says "no page open" (code `no_page`) once, without retries and without a console line; a page
 * that opens later gets the open alerts (what the app reads on opening) and, from then on, every new one on the real
 * event stream `/api/alerts/stream`. Real gateway on loopback; the dispatcher's retry timers are driven by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Alert, AlertList } from "@dtu/api/alerts";
import { createBrowserHub, createChannels, createDispatcher } from "../../src/alerts/channels/index.ts";
import { createNotifier } from "../../src/alerts/notify.ts";
import type { Delivery } from "../../src/alerts/service.ts";
import { ADMIN, startGateway, type TestGateway } from "../helpers/app.ts";
import { ManualTimers } from "./channels/helpers.ts";

let gw: TestGateway;
let base = "";
const timers = new ManualTimers();
/** The alert module's lines and the gateway's console. */
const lines: string[] = [];
const log = (line: string) => void lines.push(line);
const hub = createBrowserHub({ timers });
const dispatcher = createDispatcher({ timers, log });
const delivery: Delivery = {
  hub,
  dispatcher,
  channels: (config) => createChannels(config.channels, { clock: { now: () => Date.now() }, log, hub }),
};

beforeAll(async () => {
  // The default settings: the browser channel on, every other channel off.
  gw = await startGateway({ alerts: { tickMs: 3_600_000, delivery }, onConsole: log });
  base = await gw.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  gw.app.server.closeAllConnections();
  await gw.close();
});

/** An alert raised the way the engine raises one: stored, then told to the channels. */
function raise(title: string): Alert {
  const alerts = gw.app.alerts!;
  const stored = alerts.store.insert({
    key: `radio:${title}`,
    kind: "radio",
    severity: "warning",
    serial: null,
    name: "OpenDTU",
    channel: null,
    title,
    detail: "",
    started: Math.floor(Date.now() / 1000),
  });
  createNotifier({ store: alerts.store, config: alerts.config, dispatcher: () => dispatcher, log }).raised(
    stored,
    Date.now(),
  );
  return stored;
}

async function openAlerts(): Promise<Alert[]> {
  const res = await fetch(`${base}/api/alerts?state=open`, { headers: { authorization: ADMIN } });
  return ((await res.json()) as AlertList).alerts;
}

const deliveriesOf = async (id: number) => (await openAlerts()).find((a) => a.id === id)?.deliveries;

describe("browser channel with no page open", () => {
  it("records 'no page open' once, retries nothing and logs nothing", async () => {
    const a = raise("Radio problem");
    await expect.poll(() => deliveriesOf(a.id)).toHaveLength(1);
    const [record] = (await deliveriesOf(a.id)) ?? [];
    expect(record).toMatchObject({ channel: "browser", ok: false, code: "no_page", params: {} });
    // The back-off of a failed delivery (30 s, 2 min, 10 min) and far beyond: no second attempt.
    await timers.advance(60 * 60_000);
    expect(await deliveriesOf(a.id)).toEqual([record]);
    expect(lines.filter((l) => /no page|browser/i.test(l))).toEqual([]);
  });

  it("a page that opens gets the open alerts, and each new alert on the stream at once", async () => {
    const page = new AbortController();
    const stream = await fetch(`${base}/api/alerts/stream`, { signal: page.signal });
    try {
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      await expect.poll(() => hub.pages).toBe(1);
      // What the app reads when a page opens (features/alerts/feed.ts): the alert raised while none was open.
      expect((await openAlerts()).map((x) => x.title)).toContain("Radio problem");
      const b = raise("Clock not synchronised");
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes("Clock not synchronised")) text += (await reader.read()).value ?? "";
      expect(text).toMatch(/^event: alert$/m);
      await expect
        .poll(() => deliveriesOf(b.id))
        .toEqual([expect.objectContaining({ channel: "browser", ok: true, error: null })]);
    } finally {
      page.abort();
      await expect.poll(() => hub.pages).toBe(0);
    }
  });
});
