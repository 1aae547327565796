// The history read worker's entry (reads.ts). A worker thread starts without the TypeScript loader the gateway runs
// under (tsx), so this plain module registers it, then loads the worker itself.
import { register } from "tsx/esm/api";

register();
await import("./readWorker.ts");
