import type { ApiResult } from "@dtu/api/codes";
import type { ApiPath } from "@dtu/api/endpoints";
import { navigate } from "./router";
import { routeFrom, under } from "./base";
import { authHeader, clearSession } from "./session";
import { announce } from "./notify";
import { unanswered } from "./unanswered";
import type { Translate } from "./i18n";

/** Every failed request ends as this (SEED §7): message from the body or the status text, plus status. */
export interface HttpError {
  message: string;
  status: number;
  /** Gateway build: the device did not answer the gateway (lib/unanswered.ts); `message` holds the gateway's words. */
  unanswered?: boolean;
  /**
   * Gateway build: a refusal of the gateway's own API that names its field (`{"type","message","field",…}`, e.g. a
   * 400 of `POST /api/zeroexport/config` or `/api/meter/config`), as answered: its other members (`code`, `params`
   * of `@dtu/api/meter` MeterResult) are kept for the feature's words. `useSave` takes it as the answer, so a form
   * shows it at that field (components/ui/useSettingsForm.ts `answerAt`).
   */
  refusal?: Refusal;
}

/** A refusal naming its field, the body as the gateway sent it (`type` only ever "warning" or "danger"). */
export type Refusal = ApiResult & { field: string; params?: unknown };

export function isHttpError(e: unknown): e is HttpError {
  return typeof e === "object" && e !== null && "status" in e && "message" in e;
}

/** Turns anything thrown into an HttpError (network failures get status 0). */
/**
 * What to tell the owner about a failure: the server's message, but "the device does not answer" in the page's
 * language when the gateway could not reach it (its English `message` is then the detail, see components/ui/Page).
 */
export const errorText = (e: HttpError, t: Translate): string =>
  __GATEWAY_BUILD__ && e.unanswered ? t("gateway.unanswered") : e.message;

export function toHttpError(e: unknown): HttpError {
  if (isHttpError(e)) return e;
  return { message: e instanceof Error ? e.message : String(e), status: 0 };
}

function headers(): Record<string, string> {
  // X-Requested-With keeps the browser's own login dialog away (API.md §2.2).
  const h: Record<string, string> = { "X-Requested-With": "XMLHttpRequest" };
  const auth = authHeader();
  if (auth) h.Authorization = auth;
  return h;
}

/**
 * SEED §4: a 401 removes the session, says so and sends the user to the login with a way back. A visitor who was
 * never logged in is only sent to the login: "you are logged out" would be news to them.
 */
export function handleUnauthorized(): void {
  const had = authHeader() !== null;
  clearSession();
  if (had) announce("common.loggedOut", "warning");
  const route = routeFrom(location.pathname);
  if (route !== "/login") navigate(`/login?returnUrl=${encodeURIComponent(route + location.search)}`);
}

async function errorFrom(res: Response): Promise<HttpError> {
  let message = res.statusText || `HTTP ${res.status}`;
  let code: unknown;
  let refusal: HttpError["refusal"];
  try {
    const text = await res.text();
    if (text) {
      try {
        const body = JSON.parse(text) as { message?: unknown; code?: unknown };
        if (typeof body.message === "string") message = body.message;
        if (__GATEWAY_BUILD__) {
          code = body.code;
          const b = body as { type?: unknown; field?: unknown; message?: unknown };
          if (typeof b.field === "string" && typeof b.message === "string")
            refusal = { ...(body as Refusal), type: b.type === "warning" ? "warning" : "danger" };
        }
      } catch {
        message = text;
      }
    }
  } catch {
    /* body unreadable: keep the status text */
  }
  if (__GATEWAY_BUILD__ && refusal) return { message, status: res.status, refusal };
  return __GATEWAY_BUILD__ && unanswered(res.status, code)
    ? { message, status: res.status, unanswered: true }
    : { message, status: res.status };
}

/** The one request function: headers, 401 policy, JSON parse, HttpError on failure. */
export async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(under(path), { ...init, headers: { ...headers(), ...(init.headers as object) } });
  } catch (e) {
    throw toHttpError(e);
  }
  if (res.status === 401) {
    handleUnauthorized();
    throw await errorFrom(res);
  }
  if (!res.ok) throw await errorFrom(res);
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw { message: "Invalid JSON", status: res.status } satisfies HttpError;
  }
}

/**
 * A streamed GET (the gateway's Server-Sent Events) with the app's credentials, which the browser's EventSource
 * cannot send: resolves with the open body. A refusal rejects like any failure and does not end the session (a
 * stream is an extra; the page's own requests still apply the 401 policy).
 */
export async function openStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  let res: Response;
  try {
    res = await fetch(under(path), { headers: { ...headers(), Accept: "text/event-stream" }, signal });
  } catch (e) {
    throw toHttpError(e);
  }
  if (!res.ok || !res.body) throw await errorFrom(res);
  return res.body;
}

/** GET JSON; a path from the endpoint map brings its answer's type (`ApiPath`), other paths name it. */
export function getJson<T>(path: ApiPath<T>, signal?: AbortSignal): Promise<T> {
  return request<T>(path, signal ? { signal } : {});
}

/**
 * POST as the device expects (API.md §3.0): form field `data` holding JSON. A path from the endpoint map brings the
 * types of the answer and of `body`.
 */
export function postData<T, B = unknown>(path: ApiPath<T, B>, body: NoInfer<B>): Promise<T> {
  const form = new FormData();
  form.append("data", JSON.stringify(body));
  return request<T>(path, { method: "POST", body: form });
}

export interface UploadResult {
  status: number;
  statusText: string;
  body: string;
}

/**
 * Multipart upload with progress (config restore, firmware): XMLHttpRequest because fetch reports no upload
 * progress. Resolves with any HTTP status (the screens decide per SEED §8); a 401 still runs the policy.
 * Rejects only on a network failure.
 */
export function upload(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", under(path));
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 401) handleUnauthorized();
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText });
    };
    xhr.onerror = () => reject({ message: "Network error", status: 0 } satisfies HttpError);
    xhr.send(form);
  });
}

/** GET a file as it is (config backup download): same headers and 401 policy, no JSON parsing. */
export async function getBlob(path: string): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(under(path), { headers: headers() });
  } catch (e) {
    throw toHttpError(e);
  }
  if (res.status === 401) handleUnauthorized();
  if (!res.ok) throw await errorFrom(res);
  return res.blob();
}

/**
 * GET JSON from a URL outside this app's base (the gateway's top level, lib/devices.ts): without this device's
 * credentials and without the 401 policy, as that server is not this device; any failure is an HttpError.
 */
export async function getOutside<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { "X-Requested-With": "XMLHttpRequest" } });
  } catch (e) {
    throw toHttpError(e);
  }
  if (!res.ok) throw await errorFrom(res);
  return (await res.json()) as T;
}
