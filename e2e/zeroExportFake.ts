/**
 * A stand-in for the gateway's zero-export API (issue 32 §4) in the browser tests, while the gateway these tests
 * start does not offer it (it was built beside the screen, on another branch, and needs the meter): Playwright
 * answers `/api/gateway/features` with `zeroexport: true` added and `/api/zeroexport/*` from a small state, the
 * config checked by the contract's own `zeroExportConfigProblem`, a refusal a 400 naming the field as the gateway's.
 * A gateway that offers zero export itself (or the top level of several devices) is left alone: its answers pass.
 */
import type { BrowserContext, Route } from "playwright-core";
import {
  DEFAULT_ZERO_EXPORT_CONFIG,
  zeroExportConfigProblem,
  type ZeroExportCheckAnswer,
  type ZeroExportConfig,
  type ZeroExportStatus,
} from "@dtu/api/zeroexport";

export interface ZeroExportFake {
  config: ZeroExportConfig;
  status: ZeroExportStatus;
  /** The next config POST is refused naming this field (a check only the gateway makes). */
  refuseNext: { field: string; message: string } | null;
  /** The `data` of every config POST answered. */
  saved: ZeroExportConfig[];
  /** The gateway offered zero export itself: nothing was faked. */
  real: boolean;
}

/** The form field `data` of a multipart body (lib/http.ts postData). */
function dataField(body: string): unknown {
  const m = /name="data"\r\n\r\n([\s\S]*?)\r\n--/.exec(body);
  return m ? (JSON.parse(m[1] ?? "") as unknown) : undefined;
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

function answer(fake: ZeroExportFake, route: Route, what: string): Promise<void> {
  const req = route.request();
  if (req.method() === "POST" && !req.headers()["authorization"])
    return json(route, { type: "danger", message: "Unauthorized" }, 401);
  if (what === "status") {
    // A little movement, so that the chart has a line to draw.
    const s = fake.status;
    return json(route, {
      ...s,
      grid_w: s.grid_w === null ? null : s.grid_w + Math.round(Math.random() * 10),
    });
  }
  if (what === "config" && req.method() === "GET") return json(route, fake.config);
  if (what === "config") {
    const body = dataField(req.postData() ?? "");
    const problem = fake.refuseNext ?? zeroExportConfigProblem(body);
    fake.refuseNext = null;
    if (problem)
      return json(
        route,
        { type: "danger", code: "invalid", field: problem.field, message: problem.message },
        400,
      );
    fake.config = body as ZeroExportConfig;
    fake.saved.push(fake.config);
    if (!fake.config.enabled)
      fake.status = {
        ...fake.status,
        state: "off",
        reason: { code: "off", params: {}, message: "zero export is off" },
      };
    return json(route, { type: "success", code: "saved", message: "Settings saved" });
  }
  if (what === "resume") {
    if (fake.status.state !== "paused")
      return json(route, { type: "danger", code: "not_paused", message: "zero export is not paused" });
    const { grid_w, target_w, deadband_w } = fake.status;
    fake.status = {
      ...fake.status,
      state: "active",
      reason: { code: "in_band", params: { grid_w: grid_w ?? 0, target_w, deadband_w }, message: "in band" },
    };
    return json(route, { type: "success", code: "resumed", message: "zero export resumed" });
  }
  const serial = fake.status.inverters[0]?.serial ?? null;
  const check: ZeroExportCheckAnswer = {
    ok: true,
    serial,
    cut_w: 100,
    rise_w: 97,
    response_ms: 5400,
    message: "the meter rose by 97 W",
    warnings: [],
  };
  return json(route, check);
}

/** Installs the stand-in on `context` with `status` as the controller's state. */
export async function fakeZeroExport(
  context: BrowserContext,
  status: ZeroExportStatus,
): Promise<ZeroExportFake> {
  const fake: ZeroExportFake = {
    config: structuredClone(DEFAULT_ZERO_EXPORT_CONFIG),
    status,
    refuseNext: null,
    saved: [],
    real: false,
  };
  await context.route(/\/api\/gateway\/features$/, async (route) => {
    const res = await route.fetch();
    const offer = (await res.json()) as Record<string, unknown>;
    if (offer.zeroexport === true || offer.devices === true) {
      fake.real ||= offer.zeroexport === true;
      return route.fulfill({ response: res });
    }
    return json(route, { ...offer, zeroexport: true });
  });
  await context.route(/\/api\/zeroexport\/(config|status|resume|check)$/, (route) => {
    if (fake.real) return route.fallback();
    const what = /\/api\/zeroexport\/(\w+)$/.exec(route.request().url())?.[1] ?? "";
    return answer(fake, route, what);
  });
  return fake;
}

/** A controller paused by a limit someone else set on `serial`, with one command in its log. */
export function pausedStatus(serial: string, other: string): ZeroExportStatus {
  return {
    state: "paused",
    reason: {
      code: "paused_foreign_limit",
      params: { serial, limit_w: 800, sent_w: 420 },
      message: "paused",
    },
    grid_w: -40,
    target_w: 20,
    deadband_w: 15,
    output_w: 905,
    limit_total_w: 1000,
    commands_last_hour: 3,
    inverters: [
      { serial, limit_w: 800, output_w: 415, pending: false, response_ms: 4800 },
      { serial: other, limit_w: 580, output_w: 490, pending: true, response_ms: null },
    ],
    log: [
      {
        at: Date.now() - 60_000,
        serial,
        from_w: 600,
        to_w: 420,
        grid_w: -150,
        why: { code: "export", params: { grid_w: -170, target_w: 20, cut_w: 190 }, message: "export" },
        result: "ok",
      },
    ],
  };
}

/** A controller that is off (the route walks: the screen as a first visit shows it). */
export function offStatus(): ZeroExportStatus {
  return {
    state: "off",
    reason: { code: "off", params: {}, message: "zero export is off" },
    grid_w: 250,
    target_w: 20,
    deadband_w: 10,
    output_w: 600,
    limit_total_w: null,
    commands_last_hour: 0,
    inverters: [],
    log: [],
  };
}
