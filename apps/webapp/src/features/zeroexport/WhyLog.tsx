import type { ZeroExportStatus } from "@dtu/api/zeroexport";
import { TableCard } from "./TableCard";
import { logLine, resultText, type WordsContext } from "./words";

/** Classes written out for the CSS purge: a command's outcome. */
const resultClass: Record<ZeroExportStatus["log"][number]["result"], string> = {
  pending: "text-bg-info",
  ok: "text-bg-success",
  failure: "text-bg-danger",
  timeout: "text-bg-warning",
  refused: "text-bg-danger",
  unreachable: "text-bg-warning",
};

/** The "why" of every limit sent, newest first, in plain words ("House roof 600 → 420 W: export 170 W"). */
export function WhyLog({ status, ctx }: { status: ZeroExportStatus; ctx: WordsContext }) {
  const { t, time } = ctx.i18n;
  return (
    <TableCard
      title={t("zeroexport.logTitle")}
      head={[t("zeroexport.time"), t("zeroexport.change"), t("zeroexport.result")]}
      empty={status.log.length === 0 ? t("zeroexport.logEmpty") : null}
      testId="zx-log"
    >
      {status.log.toReversed().map((e, k) => (
        <tr key={`${e.at} ${e.serial} ${k}`}>
          <td className="text-nowrap">{time(e.at)}</td>
          <td>{logLine(e, ctx)}</td>
          <td>
            <span className={`badge ${resultClass[e.result]}`}>{t(resultText[e.result])}</span>
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
