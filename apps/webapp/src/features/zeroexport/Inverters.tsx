import type { ZeroExportStatus } from "@dtu/api/zeroexport";
import { TableCard } from "./TableCard";
import { nameOf, watts, type WordsContext } from "./words";

/** Each controlled inverter's limit, output, command on its way and measured response time (issue 32 §5). */
export function InverterTable({ status, ctx }: { status: ZeroExportStatus; ctx: WordsContext }) {
  const { i18n, names } = ctx;
  const { t, number } = i18n;
  const w = (v: number | null) => (v === null ? "–" : watts(i18n, v));
  return (
    <TableCard
      title={t("zeroexport.inverters")}
      head={[
        t("zeroexport.inverter"),
        t("zeroexport.limit"),
        t("zeroexport.chartOutput"),
        t("zeroexport.pending"),
        t("zeroexport.response"),
      ]}
      empty={status.inverters.length === 0 ? t("zeroexport.noInverters") : null}
      testId="zx-inverters"
    >
      {status.inverters.map((inv) => (
        <tr key={inv.serial}>
          <th scope="row" className="fw-normal">
            {nameOf(names, inv.serial)}
          </th>
          <td>{w(inv.limit_w)}</td>
          <td>{w(inv.output_w)}</td>
          <td>{inv.pending ? t("zeroexport.pendingYes") : t("zeroexport.pendingNo")}</td>
          <td>
            {inv.response_ms === null
              ? t("zeroexport.notMeasured")
              : t("zeroexport.responseS", { s: number(inv.response_ms / 1000, 1) })}
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
