/** A port free on 127.0.0.1 right now, for tools that need their port on the command line (mosquitto, Prometheus). */
import { createServer, type AddressInfo } from "node:net";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
