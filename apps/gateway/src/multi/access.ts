/**
 * Who may read which device at the top level (issue 24, overview, its energy and its login): each device on its own
 * read rule (API.md §2.1), through its own guessing brake (its device port, src/port/). A device the request may not read is
 * locked for it: its card and its energy say only its name (./overview.ts, ./energy.ts).
 *
 * The brake: a password that one device accepts is the household's own password for that device, not a guess at
 * another's. The page keeps one credential and polls the overview with it every few seconds; counting it as a wrong
 * password at every other locked device would brake the owner (and the owner's own login there) for no guess at all.
 * So a refusal is counted only when no device accepted the credentials: every password that is not the right one
 * for some device still counts at every locked device it was tried on, and the one left uncounted is known to the
 * visitor anyway. A refusal never unlocks anything.
 */
import type { IncomingMessage } from "node:http";
import type { NamedDevice } from "./overview.ts";

/**
 * `open`: readable without credentials; `unlocked`: readable with the request's; `locked`: not readable;
 * `unanswered`: not readable, the device not answering to check the request's credentials (a login is then not
 * told "wrong password", ./top.ts).
 */
export type DeviceAccess = "open" | "unlocked" | "locked" | "unanswered";

export const readable = (access: DeviceAccess): boolean => access === "open" || access === "unlocked";

/** Each device's access for this request, in the devices' order; refusals booked on the brakes as said above. */
export async function accessOf(
  devices: readonly NamedDevice[],
  req: IncomingMessage,
): Promise<DeviceAccess[]> {
  const auth = req.headers.authorization;
  const answers = await Promise.all(devices.map(({ port }) => port.access(auth, req.socket.remoteAddress)));
  if (!answers.some((a) => a.kind === "accepted")) {
    for (const a of answers) if (a.kind === "refused") a.count();
  }
  const access = { open: "open", accepted: "unlocked", refused: "locked", unanswered: "unanswered" } as const;
  return answers.map((a) => access[a.kind]);
}

/** The names of the devices locked for this request, in order. */
export const lockedNames = (devices: readonly NamedDevice[], access: readonly DeviceAccess[]): string[] =>
  devices.filter((_, i) => !readable(access[i] ?? "locked")).map((d) => d.name);
