/** CSV cells never start a formula (issue 21 item 4, OWASP "CSV Injection"). */
import { describe, expect, it } from "vitest";
import { csvCell, energyCsv } from "../../src/history/csv.ts";
import { attachment } from "../../src/security/headers.ts";

describe("csv cells", () => {
  it.each([
    ["=1+2", `"'=1+2"`],
    ["+1", `"'+1"`],
    ["-1", `"'-1"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\t=1+2", `"'\t=1+2"`],
    ["\r=1+2", `"'\r=1+2"`],
  ])("neutralises %j", (text, expected) => {
    expect(csvCell(text)).toBe(expected);
  });

  it("leaves plain names, numbers and empty values as they are, quoting only what needs it", () => {
    expect(csvCell("Roof east")).toBe("Roof east");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(null)).toBe("");
  });

  it("neutralises a serial column name built from a hostile name in a whole file", () => {
    const text = energyCsv({
      interval: "day",
      unit: "Wh",
      rows: [
        {
          period: "2026-11-01",
          total: 5,
          peak_w: 1,
          inverters: { "\t=cmd": 5 },
          import_wh: null,
          export_wh: null,
          home_wh: null,
        },
      ],
    });
    expect(text.split("\r\n")[0]).toBe(`period,total_wh,peak_w,import_wh,export_wh,home_wh,"'\t=cmd_wh"`);
  });
});

describe("download file names", () => {
  it("keep a plain name and replace whatever could break the header or name a path", () => {
    expect(attachment("energy-day-2026-11-01-2026-11-27.csv")).toBe(
      'attachment; filename="energy-day-2026-11-01-2026-11-27.csv"',
    );
    expect(attachment('a"b\r\nSet-Cookie: x=1/../c.csv')).toBe(
      'attachment; filename="a_b__Set-Cookie__x_1_.._c.csv"',
    );
    expect(attachment("..")).toBe('attachment; filename="_"');
    expect(attachment("")).toBe('attachment; filename="download"');
  });
});
