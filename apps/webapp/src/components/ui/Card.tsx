import type { ReactNode } from "react";

/** A titled card of a settings form (one group of fields). */
export function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="card mb-3">
      <h2 className="card-header h6 mb-0 py-2">{title}</h2>
      <div className="card-body">{children}</div>
    </section>
  );
}
