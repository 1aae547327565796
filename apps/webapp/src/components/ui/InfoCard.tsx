import type { ReactNode } from "react";

/** A row of an info card; `false`/`undefined` rows are skipped so optional rows read as `cond && [...]`. */
export type InfoRow = readonly [label: string, value: ReactNode] | false | undefined;

/** Read-only card with a two-column property/value table (the info screens of SEED §2). */
export function InfoCard({
  title,
  rows,
  children,
}: {
  title: string;
  rows?: readonly InfoRow[];
  children?: ReactNode;
}) {
  return (
    <section className="card mb-3">
      <h2 className="card-header h6">{title}</h2>
      {rows && (
        <div className="table-responsive" tabIndex={0} /* focusable: keyboard scrolling on a phone (axe) */>
          <table className="table table-hover mb-0">
            <tbody>
              {rows.map(
                (r) =>
                  r && (
                    <tr key={r[0]}>
                      <th scope="row" className="w-50 fw-normal">
                        {r[0]}
                      </th>
                      <td className="text-break">{r[1]}</td>
                    </tr>
                  ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {children}
    </section>
  );
}
