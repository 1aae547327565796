/** The live view's per-inverter calls (API.md §3.4–§3.8, §9.5): thin wrappers over lib/http. */
import type { ApiResult } from "@dtu/api/codes";
import { endpoints, laterEndpoints } from "@dtu/api/endpoints";
import type { LimitType, PowerConfigRequest } from "@dtu/api/live";
import { postData } from "../../lib/http";

const inv = (path: string, serial: string) => `${path}?inv=${encodeURIComponent(serial)}`;

export const livePaths = {
  eventlog: (serial: string, locale: string) =>
    `${inv(endpoints.eventlog.path, serial)}&locale=${encodeURIComponent(locale)}`,
  devinfo: (serial: string) => inv(endpoints.devinfo.path, serial),
  gridprofile: (serial: string) => inv(endpoints.gridprofile.path, serial),
  /** Later firmware keeps the bytes here once status is decoded (API.md §9.5). */
  gridprofileRaw: (serial: string) => inv(laterEndpoints.gridprofileRaw, serial),
  limitStatus: endpoints.limitStatus.path,
  powerStatus: endpoints.powerStatus.path,
};

/** Serial as hex string, value and type as JSON numbers: valid for every firmware (API.md §9.0 rule 3, §9.7). */
export function postLimit(serial: string, limitValue: number, limitType: LimitType): Promise<ApiResult> {
  return postData(endpoints.limitConfig.path, {
    serial,
    limit_value: limitValue,
    limit_type: limitType,
  });
}

export function postPower(body: PowerConfigRequest): Promise<ApiResult> {
  return postData(endpoints.powerConfig.path, body);
}
