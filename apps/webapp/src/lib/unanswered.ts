/**
 * Gateway build only (callers test `__GATEWAY_BUILD__`): a 502 or 504 without a device's result code is the gateway
 * saying that the device did not answer (the proxy's `unreachable`, apps/gateway/src/proxy/app.ts); the real device
 * never answers these. Not 503: the gateway's own history answers it when busy (apps/gateway/src/history/routes.ts);
 * only the login, which reads no body, takes a 503 as this too (lib/session.ts). No imports: lib/session.ts and
 * lib/http.ts share it without changing the device build's module order (which costs bytes, measured).
 */
export const unanswered = (status: number, code?: unknown): boolean =>
  (status === 502 || status === 504) && code === undefined;
