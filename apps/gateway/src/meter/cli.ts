/**
 * `--meter-port N` at start: the simulated meter of the one simulated device on its own port (emulate/server.ts),
 * closed with the app. Started before the app listens (hooks cannot be added later); a port in use stops the start
 * with the reason.
 */
import type { FastifyInstance } from "fastify";
import { startFailed } from "../lib/startErrors.ts";
import { startMeterPort } from "./emulate/server.ts";
import type { MeterService } from "./service.ts";

export async function serveMeterPort(
  app: FastifyInstance & { meter: MeterService | null },
  host: string,
  port: number,
): Promise<{ note: string }> {
  const grid = (): { power_w: number; phases_w: number[] } =>
    app.meter?.simulatedGrid() ?? { power_w: 0, phases_w: [0, 0, 0] };
  const server = await startMeterPort({ grid, now: () => Date.now(), host, port }).catch(
    async (err: unknown) => {
      await app.close().catch(() => undefined);
      const code = (err as NodeJS.ErrnoException).code;
      return startFailed(
        code === "EADDRINUSE"
          ? `Cannot start: port ${port} is in use; choose another with --meter-port.`
          : `Cannot start the simulated meter on ${host}:${port}: ${code ?? (err as Error).message}`,
      );
    },
  );
  app.addHook("onClose", () => server.close());
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    note:
      `Simulated meter on http://${shown}:${server.port}/ as a Shelly Pro 3EM (/rpc/EM.GetStatus?id=0), ` +
      `a Shelly 3EM (/status) and a Tasmota reader (/cm?cmnd=Status%2010)`,
  };
}
