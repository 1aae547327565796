const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * API.md §3.18: the device formats times as English `<Weekday>, <Month> <dd> <yyyy> <HH>:<MM>:<SS>` in its own
 * zone. Read back into a Date with the same wall-clock parts so the UI can format it for the chosen language;
 * undefined for anything else (e.g. `--`), which is then shown as sent.
 */
export function parseDeviceTime(text: string): Date | undefined {
  const m = /^\w+, (\w{3})\w* (\d{1,2}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[1] ?? "");
  if (month < 0) return undefined;
  return new Date(Number(m[3]), month, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]));
}
