/** One HTTP POST for the ntfy and webhook channels: ok on 2xx, else an Error in words without secrets. */
import { drain } from "../../lib/drain.ts";
import { errorCode, netCause } from "../../lib/netErrors.ts";
import { CodedError, coded } from "../codes.ts";
import { errorText, oneLine } from "./errors.ts";

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Removed from any error text (a server may echo a token back). */
  secrets: readonly (string | null | undefined)[];
}

export async function post(url: string, opts: PostOptions): Promise<void> {
  const headers: Record<string, string> = {};
  // §6: no header value can carry a line break into the request.
  for (const [name, value] of Object.entries(opts.headers)) headers[name] = oneLine(value);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, body: opts.body, signal: opts.signal });
  } catch (error) {
    if (opts.signal.aborted) throw new CodedError("cancelled (time-out)", coded("cancelled", {}));
    const { code } = errorCode(error);
    const known = netCause(code);
    if (known?.key) throw new CodedError(known.words, coded(known.key, {}));
    const reason = errorText(known?.words ?? code ?? error, opts.secrets);
    throw new CodedError(reason, coded("network", { reason }));
  }
  if (response.ok) {
    await drain(response);
    return;
  }
  const detail = await response.text().then(
    (t) => oneLine(t).slice(0, 120),
    () => "",
  );
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  const safeDetail = detail === "" ? "" : errorText(detail, opts.secrets);
  // The server's own words only in the parameters, for the admin's test answer: the words, which go to the console
  // and onto the alert that read access lists, never hold a delivery server's answer (issue 34 §14).
  throw new CodedError(
    errorText(status),
    coded("http_status", { status: response.status, detail: safeDetail }),
  );
}
