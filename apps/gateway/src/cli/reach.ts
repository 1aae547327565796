/** Where the gateway can be reached, for every mode's start message: its URLs and who on the network reaches it. */
import { networkInterfaces } from "node:os";

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/**
 * What the start message says about reach: on loopback how to open it to the LAN and what that exposes; opened,
 * a reminder of the same. `what` is the part that the LAN then reaches.
 */
export function reachNote(host: string, what: string): string {
  return isLoopback(host)
    ? `Only this computer can open it. To open it to your network: --host 0.0.0.0 (HOST=0.0.0.0); anyone on the ` +
        `network can then reach ${what}.`
    : `Open to the network on ${host}: anyone who can reach this computer reaches ${what}.`;
}

export function urls(host: string, port: number): string[] {
  if (host !== "0.0.0.0" && host !== "::")
    return [`http://${host.includes(":") ? `[${host}]` : host}:${port}/`];
  const list = [`http://localhost:${port}/`];
  for (const addrs of Object.values(networkInterfaces())) {
    for (const a of addrs ?? []) {
      if (a.family === "IPv4" && !a.internal) list.push(`http://${a.address}:${port}/`);
    }
  }
  return list;
}
