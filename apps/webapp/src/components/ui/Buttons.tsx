import type { ButtonHTMLAttributes } from "react";
import { useT } from "../../lib/i18n";
import { Spinner } from "./Spinner";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> & { busy?: boolean };

/** The Save button at the end of every settings form: submit, disabled with a spinner while busy. */
export function SaveButton({ busy = false, disabled, className, ...rest }: Props) {
  const t = useT();
  return (
    <button
      type="submit"
      className={`btn btn-primary d-inline-flex align-items-center gap-2 ${className ?? ""}`}
      disabled={busy || disabled}
      {...rest}
    >
      {busy && <Spinner small />}
      {t("common.save")}
    </button>
  );
}

/** Back button of the result cards (restore, firmware upgrade). */
export function BackButton({ className, ...rest }: Props) {
  const t = useT();
  return (
    <button type="button" className={`btn btn-secondary ${className ?? ""}`} {...rest}>
      {t("common.back")}
    </button>
  );
}
