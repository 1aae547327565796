/** Requests of the meter's screens through the app's HTTP client (its headers, credentials and 401 policy). */
import { meterEndpoints, type MeterConfigPost, type MeterResult, type MeterTestAnswer } from "@dtu/api/meter";
import { postAnswer } from "../../lib/http";

// Functions, not constants: a property read at module level would keep the endpoint map in the device build.
export const statusUrl = () => meterEndpoints.status.path;
export const configUrl = () => meterEndpoints.configGet.path;

/** POST /api/meter/config: the answer, a refusal (400, naming its field) included. */
export const saveConfig = (body: MeterConfigPost): Promise<MeterResult> =>
  postAnswer(meterEndpoints.configPost.path, body);

/** POST /api/meter/test: what one read with these settings found, or the refusal of a setting. */
export const testRead = (body: MeterConfigPost): Promise<MeterTestAnswer> =>
  postAnswer(meterEndpoints.test.path, body);
