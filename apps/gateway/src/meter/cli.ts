/** `--meter-port N` at start: the simulated meter of the one simulated device on its own port (emulate/server.ts). */
import type { MeterService } from "./service.ts";
import { startMeterPort, type MeterPortServer } from "./emulate/server.ts";

export async function serveSimulatedMeter(
  meter: MeterService | null,
  host: string,
  port: number,
  now: () => number,
): Promise<MeterPortServer> {
  const grid = (): { power_w: number; phases_w: number[] } =>
    meter?.simulatedGrid() ?? { power_w: 0, phases_w: [0, 0, 0] };
  const server = await startMeterPort({ grid, now, host, port });
  const shown = host.includes(":") ? `[${host}]` : host;
  console.log(
    `Simulated meter on http://${shown}:${server.port}/ as a Shelly Pro 3EM (/rpc/EM.GetStatus?id=0), ` +
      `a Shelly 3EM (/status) and a Tasmota reader (/cm?cmnd=Status%2010)`,
  );
  return server;
}
