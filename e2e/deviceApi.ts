/** Calls the gateway's API as the admin from a test (Basic auth, the `data` form field of API.md §3.0). */
import { ADMIN } from "./harness";

const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`;

/** GET `path`, or POST `body` as the `data` field when given; the JSON answer. */
export function deviceApi(baseUrl: () => string) {
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const init: RequestInit = { headers: { Authorization: AUTH, "X-Requested-With": "XMLHttpRequest" } };
    if (body !== undefined) {
      const form = new FormData();
      form.append("data", JSON.stringify(body));
      Object.assign(init, { method: "POST", body: form });
    }
    return (await (await fetch(`${baseUrl()}${path}`, init)).json()) as T;
  };
}
