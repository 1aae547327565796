import { endpoints } from "@dtu/api/endpoints";
import { postData } from "../../lib/http";

/** API.md §3.15: `{reboot: true}` → 6001 and a restart about 1 s later. */
export const reboot = () => postData(endpoints.reboot.path, { reboot: true });
