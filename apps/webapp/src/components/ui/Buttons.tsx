import type { ButtonHTMLAttributes } from "react";
import { useT } from "../../lib/i18n";
import { Spinner } from "./Spinner";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean };

/** A button whose action runs a request: disabled with a spinner while busy; `className` the variant (primary). */
export function BusyButton({ busy = false, disabled, className = "btn-primary", children, ...rest }: Props) {
  return (
    <button
      type="button"
      className={`btn ${className} d-inline-flex align-items-center gap-2`}
      disabled={busy || disabled}
      {...rest}
    >
      {busy && <Spinner small />}
      {children}
    </button>
  );
}

/** The Save button at the end of every settings form: submit, disabled with a spinner while busy. */
export function SaveButton(props: Omit<Props, "children">) {
  const t = useT();
  return (
    <BusyButton type="submit" {...props}>
      {t("common.save")}
    </BusyButton>
  );
}

/** Back button of the result cards (restore, firmware upgrade). */
export function BackButton({ className, ...rest }: Omit<Props, "children">) {
  const t = useT();
  return (
    <button type="button" className={`btn btn-secondary ${className ?? ""}`} {...rest}>
      {t("common.back")}
    </button>
  );
}
