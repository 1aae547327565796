import type { ReactNode } from "react";

export type Variant = "primary" | "secondary" | "success" | "danger" | "warning" | "info" | "dark";

/** Bootstrap badge; `text-bg-*` picks a readable text colour for each variant; long texts wrap on a phone. */
export function Badge({ variant, children }: { variant: Variant; children: ReactNode }) {
  return <span className={`badge text-wrap text-bg-${variant}`}>{children}</span>;
}

/** Green when true, red when false: for connected/synced style flags. */
export function BoolBadge({ value, yes, no }: { value: boolean; yes: ReactNode; no: ReactNode }) {
  return <Badge variant={value ? "success" : "danger"}>{value ? yes : no}</Badge>;
}
