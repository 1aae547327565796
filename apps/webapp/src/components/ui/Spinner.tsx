import { useT } from "../../lib/i18n";

export function Spinner({ small = false }: { small?: boolean }) {
  const t = useT();
  return (
    <div className={`spinner-border${small ? " spinner-border-sm" : ""}`} role="status">
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}
