import type { GridProfile } from "@dtu/api/live";
import { Modal } from "../../../components/ui/Modal";
import { useApi } from "../../../components/ui/useApi";
import { useI18n } from "../../../lib/i18n";
import { livePaths } from "../api";
import { hexRows } from "../format";
import { decodeProfile } from "../gridprofile/decode";
import { SECTION_KEYS } from "../gridprofile/table";
import { DialogBody, type InverterDialogProps } from "./DialogBody";

type Row = [name: string, value: string, unit: string];

/** Decoded values carry their scale (API.md §9.5): show the decimals they have, at most three. */
function decimals(v: number): number {
  return Math.min(3, String(v).split(".")[1]?.length ?? 0);
}

/**
 * Grid profile in words (issue 13 item 6). v23.11.16 sends only `raw` (API.md §3.6), decoded here; later firmware
 * (§9.5) sends decoded `sections`, used as they come, and moves the bytes to `rawdata`; when its sections are all
 * empty, the bytes are decoded here as for v23.11.16 (issue 21 item 6). The bytes stay available as hex behind a
 * disclosure.
 */
export function GridProfileDialog({ serial, name, onClose }: InverterDialogProps) {
  const { t, number } = useI18n();
  const { data, loading, error, reload } = useApi<GridProfile>(livePaths.gridprofile(serial));
  const given = data?.sections;
  const later = given !== undefined;
  const raw = useApi<GridProfile>(later ? livePaths.gridprofileRaw(serial) : null);
  const bytes = later ? raw.data?.raw : data?.raw;
  // Decoded sections that are all empty (seen from the device) say nothing: our decoder reads the bytes then.
  const theirs = given?.some((s) => s.items.length > 0) ? given : undefined;
  const mine = theirs ? undefined : decodeProfile(bytes);
  // Whatever name and version the device gave come first, even without sections.
  const title =
    data?.name || (mine && (mine.name ?? t("grid.unknownProfile", { id: mine.id.toUpperCase() })));
  const version = data?.version || mine?.version;
  const sections: [string, Row[]][] = theirs
    ? theirs.map((s) => [s.name, s.items.map((it) => [it.n, number(it.v, decimals(it.v)), it.u])])
    : (mine?.sections ?? []).map((s) => [
        t(SECTION_KEYS[s.id >> 4] ?? "grid.unk"),
        s.items.map((it) => [
          // "LV1: trip time": the threshold's label, then the time.
          it.unit === "t" ? t("grid.trip", { x: t(it.label, { n: it.n }) }) : t(it.label, { n: it.n }),
          it.unit === "b" ? t(it.value ? "live.yes" : "live.no") : number(it.value, decimals(it.value)),
          it.unit === "b" ? "" : it.unit === "t" ? "s" : it.unit,
        ]),
      ]);
  const rows = hexRows(bytes);
  return (
    <Modal open title={t("live.gridTitle", { name })} onClose={onClose} size="lg">
      <DialogBody loading={loading && !data} error={error} onRetry={reload}>
        {(title || version) && (
          <p>
            {title} {version && t("live.gridVersion", { v: version })}
          </p>
        )}
        {sections.map(([caption, items], i) => (
          <table key={i} className="table table-sm">
            <caption className="caption-top">{caption}</caption>
            <tbody>
              {items.map(([n, v, u], j) => (
                <tr key={j}>
                  <th scope="row" className="fw-normal">
                    {n}
                  </th>
                  <td className="text-end">{v}</td>
                  <td>{u}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
        {mine?.stop !== undefined && (
          <div className="alert alert-warning">
            {t("grid.stopped", { id: mine.stop.toString(16).toUpperCase().padStart(2, "0") })}
          </div>
        )}
        {rows.length > 0 ? (
          <details>
            <summary>{t("grid.bytes")}</summary>
            <pre className="mb-0" aria-label={t("live.gridRaw")}>
              {rows.join("\n")}
            </pre>
          </details>
        ) : (
          sections.length === 0 && <div className="alert alert-info mb-0">{t("live.noInfo")}</div>
        )}
      </DialogBody>
    </Modal>
  );
}
