/**
 * Older live shapes → the shape of API.md §3.1 (issue 13 item 4): the one conversion in packages/api, which the
 * gateway's history recorder uses too, so the recorder keeps whatever the live view shows (issue 21 item 6).
 */
export { normalizeInverter as normalize } from "@dtu/api/liveShapes";
