import type { ReactNode } from "react";

/**
 * A card of the screen holding one table (the inverters, the log): its title, then the table with its column heads,
 * or a sentence while there are no rows. Scrolls sideways inside itself on a phone (focusable for the keyboard, axe).
 */
export function TableCard({
  title,
  head,
  empty,
  testId,
  children,
}: {
  title: string;
  head: readonly string[];
  /** Shown instead of the table when given (no rows). */
  empty: string | null;
  testId: string;
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <section className="card mb-3">
      <h2 className="card-header h6">{title}</h2>
      {empty !== null ? (
        <p className="card-body mb-0">{empty}</p>
      ) : (
        <div className="table-responsive" tabIndex={0}>
          <table className="table table-sm mb-0" data-testid={testId}>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
