/** Requests of the meter's screens through the app's HTTP client (its headers, credentials and 401 policy). */
import { meterEndpoints, type MeterConfigPost, type MeterTestAnswer } from "@dtu/api/meter";
import { postData } from "../../lib/http";

// Functions, not constants: a property read at module level would keep the endpoint map in the device build.
export const statusUrl = () => meterEndpoints.status.path;
export const configUrl = () => meterEndpoints.configGet.path;
/** POST /api/meter/config, through the form's save: a refusal (400, naming its field) is its answer (useSave). */
export const saveConfigPath = () => meterEndpoints.configPost.path;

/**
 * POST /api/meter/test: what one read with these settings found; the refusal of a setting (400, naming its field)
 * rejects as an HttpError carrying it as `refusal` (lib/http.ts).
 */
export const testRead = (body: MeterConfigPost): Promise<MeterTestAnswer> =>
  postData(meterEndpoints.test.path, body);
