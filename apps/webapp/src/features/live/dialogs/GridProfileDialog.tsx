import type { GridProfile } from "@dtu/api/live";
import { Modal } from "../../../components/ui/Modal";
import { useApi } from "../../../components/ui/useApi";
import { useI18n } from "../../../lib/i18n";
import { livePaths } from "../api";
import { hexRows } from "../format";
import { DialogBody, type InverterDialogProps } from "./DialogBody";

/**
 * Grid profile (API.md §3.6): v23.11.16 sends `raw` (141 bytes, all zeros = no data) shown as hex. Later firmware
 * (§9.5) sends decoded `sections` and moves the bytes to `rawdata`, which is then fetched as well.
 */
/** Decoded values are already scaled (API.md §9.5): show the decimals they carry, at most three. */
function decimals(v: number): number {
  const frac = String(v).split(".")[1];
  return frac ? Math.min(3, frac.length) : 0;
}

export function GridProfileDialog({ open, serial, name, onClose }: InverterDialogProps) {
  const { t, number } = useI18n();
  const { data, loading, error, reload } = useApi<GridProfile>(open ? livePaths.gridprofile(serial) : null);
  const decoded = data?.sections !== undefined;
  const raw = useApi<GridProfile>(open && decoded ? livePaths.gridprofileRaw(serial) : null);
  const rows = hexRows(decoded ? raw.data?.raw : data?.raw);
  const sections = data?.sections ?? [];
  return (
    <Modal open={open} title={t("live.gridTitle", { name })} onClose={onClose} size="lg">
      <DialogBody loading={loading && !data} error={error} onRetry={reload}>
        {decoded && sections.length > 0 && (
          <>
            <p>
              {data.name} {data.version && t("live.gridVersion", { v: data.version })}
            </p>
            {sections.map((s, i) => (
              <table key={i} className="table table-sm">
                <caption className="caption-top">{s.name}</caption>
                <tbody>
                  {s.items.map((it, j) => (
                    <tr key={j}>
                      <th scope="row" className="fw-normal">
                        {it.n}
                      </th>
                      <td className="text-end">{number(it.v, decimals(it.v))}</td>
                      <td>{it.u}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </>
        )}
        {rows.length > 0 ? (
          <pre className="mb-0" aria-label={t("live.gridRaw")}>
            {rows.join("\n")}
          </pre>
        ) : (
          sections.length === 0 && <div className="alert alert-info mb-0">{t("live.noInfo")}</div>
        )}
      </DialogBody>
    </Modal>
  );
}
