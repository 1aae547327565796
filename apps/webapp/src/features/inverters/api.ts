import { endpoints } from "@dtu/api/endpoints";
import type { InverterAddRequest, InverterEntry, InverterList } from "@dtu/api/settings";
import { postData } from "../../lib/http";

export type { InverterEntry, InverterList };
export const inverterListPath = endpoints.inverterList.path;

export const addInverter = (r: InverterAddRequest) => postData(endpoints.inverterAdd.path, r);
/** API.md §9.9: post the whole list entry back (later firmware reads missing flags as false). */
export const editInverter = (e: InverterEntry) => postData(endpoints.inverterEdit.path, e);
export const deleteInverter = (id: number) => postData(endpoints.inverterDel.path, { id });
export const saveOrder = (order: number[]) => postData(endpoints.inverterOrder.path, { order });
