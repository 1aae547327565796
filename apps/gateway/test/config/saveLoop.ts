/** Child process of the crash-safety test: saves config.json in a tight loop until it is killed. */
import { ConfigStore } from "../../src/config/store.ts";

const dir = process.argv[2];
if (!dir) throw new Error("usage: saveLoop.ts <dataDir>");
const store = new ConfigStore(dir, 0x5e913b, () => undefined);
await store.load();
process.stdout.write("ready\n");
for (let i = 0; ; i++) {
  store.config.inverters[0]!.name = `loop ${i} ${"x".repeat(i % 23)}`;
  store.config.mqtt.hostname = "h".repeat(i % 128);
  await store.save();
  process.stdout.write("saved\n");
}
