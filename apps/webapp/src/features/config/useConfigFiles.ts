import { useLoad } from "../../components/ui/useApi";
import { loadFiles, type ConfigFiles } from "./api";

const load = (_key: string, signal: AbortSignal) => loadFiles(signal);

/** Like useApi, for the probed file list (API.md §9.12). */
export function useConfigFiles() {
  return useLoad<ConfigFiles>("files", load);
}
