/**
 * The gateway's own texts of the alert API with their machine codes (`AlertCodeParams` in packages/api/src/alerts.ts):
 * the English words stay for logs and older clients, the code and its parameters let the web app say the same in the
 * owner's language.
 */
import type { AlertCode, AlertCodeParams, AlertCoded, AlertParams } from "@dtu/api/alerts";

/** A code with its parameters, checked against the code's own parameter shape. */
export function coded<C extends AlertCode>(code: C, params: AlertCodeParams[C]): AlertCoded {
  return { code, params } as AlertCoded;
}

/** The wire's fields of a code (`code`, `params`); none for null. */
export function codeFields(c: AlertCoded | null | undefined): { code?: AlertCode; params?: AlertParams } {
  return c ? { code: c.code, params: c.params as AlertParams } : {};
}

/** An Error whose message (English, safe to show) comes with its code. */
export class CodedError extends Error {
  constructor(
    message: string,
    readonly coded: AlertCoded,
  ) {
    super(message);
  }
}

/**
 * Nothing to deliver to (the browser channel while no page of the app is open): not a failure. The dispatcher
 * records it on the alert as it is, without retries and without a console line; an opening page reads the open
 * alerts itself.
 */
export class NoReceiver extends CodedError {}

/** The code an error carries, if any. */
export const codeOf = (error: unknown): AlertCoded | null =>
  error instanceof CodedError ? error.coded : null;
