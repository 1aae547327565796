import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { ApiResult } from "@dtu/api/codes";
import { BoolBadge } from "../../components/ui/Badge";
import { ConfirmModal } from "../../components/ui/ConfirmModal";
import { Icon } from "../../components/ui/Icon";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { BusyButton } from "../../components/ui/Buttons";
import { useSave } from "../../components/ui/useSave";
import { getJson, toHttpError } from "../../lib/http";
import { useT } from "../../lib/i18n";
import { AddForm } from "./AddForm";
import { deleteInverter, inverterListPath, saveOrder, type InverterEntry, type InverterList } from "./api";
import { EditModal } from "./EditModal";
import { moveItem, orderIds, sortByOrder } from "./order";
import { useSortable } from "./useSortable";

/**
 * Moving rows by drag or by the arrow keys on a row's handle: the rows re-ordered, the move said to screen readers,
 * and after a keyboard move the used handle keeps the focus.
 */
function useMoves(rows: InverterEntry[], setRows: (rows: InverterEntry[]) => void) {
  const t = useT();
  const [said, setSaid] = useState("");
  const [focusId, setFocusId] = useState<number | null>(null);
  const handles = useRef(new Map<number, HTMLButtonElement>());

  function move(from: number, to: number) {
    const next = moveItem(rows, from, to);
    setRows(next);
    const item = rows[from];
    if (!item) return;
    const pos = next.indexOf(item) + 1;
    setSaid(t("inverters.moved", { name: item.name, pos, count: next.length }));
    return item;
  }

  const sortable = useSortable(rows.length, (from, to) => void move(from, to));

  // Keyboard moving re-orders the rows; the handle that was used keeps the focus.
  useEffect(() => {
    if (focusId === null) return;
    handles.current.get(focusId)?.focus();
    setFocusId(null);
  }, [focusId, rows]);

  function onHandleKey(e: KeyboardEvent, i: number) {
    const to = e.key === "ArrowUp" ? i - 1 : e.key === "ArrowDown" ? i + 1 : -2;
    if (to === -2) return;
    e.preventDefault();
    if (to < 0 || to >= rows.length) return;
    const item = move(i, to);
    if (item) setFocusId(item.id);
  }

  const handleRef = (id: number) => (el: HTMLButtonElement | null) => {
    if (el) handles.current.set(id, el);
    else handles.current.delete(id);
  };
  return { said, sortable, handleRef, onHandleKey };
}

/** The inverter settings: add form, sortable list with Save order, edit and delete dialogs. */
export function InvertersView({ initial }: { initial: InverterList }) {
  const t = useT();
  const [rows, setRows] = useState(() => sortByOrder(initial.inverter));
  const { busy, result, clear, setResult, run } = useSave();
  const [editing, setEditing] = useState<InverterEntry | null>(null);
  const [deleting, setDeleting] = useState<InverterEntry | null>(null);
  const { said, sortable, handleRef, onHandleKey } = useMoves(rows, setRows);
  const hintId = useId();

  async function refresh() {
    try {
      const l = await getJson<InverterList>(inverterListPath);
      setRows(sortByOrder(l.inverter));
    } catch (e) {
      setResult({ type: "danger", message: toHttpError(e).message });
    }
  }

  async function act(action: Promise<ApiResult>) {
    if ((await run(action)).type === "success") await refresh();
  }

  return (
    <>
      <AddForm onAdded={() => void refresh()} serials={rows.map((r) => r.serial)} />
      <section className="card">
        <h2 className="card-header h6 mb-0 py-2">{t("inverters.listTitle")}</h2>
        <div className="card-body">
          <ResultAlert result={result} onClose={clear} />
          {rows.length === 0 ? (
            <p className="mb-0">{t("inverters.none")}</p>
          ) : (
            <>
              <p id={hintId} className="form-text mt-0">
                {t("inverters.moveHint")}
              </p>
              {/* Focusable so keyboard users can scroll it on a phone (axe: scrollable-region-focusable).
                  Below sm the serial (shown in the dialogs) and the send badge are hidden, below md the type:
                  handle, name and buttons fit a 360 px phone. */}
              <div className="table-responsive" tabIndex={0}>
                <table className="table table-sm table-striped align-middle mb-3">
                  <ListHead />
                  <tbody>
                    {rows.map((inv, i) => (
                      <InverterRow
                        key={inv.id}
                        inv={inv}
                        row={sortable.rowProps(i)}
                        handle={sortable.handleProps(i)}
                        hintId={hintId}
                        handleRef={handleRef(inv.id)}
                        onHandleKey={(e) => onHandleKey(e, i)}
                        onEdit={() => setEditing(inv)}
                        onDelete={() => setDeleting(inv)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
              <div aria-live="polite" className="visually-hidden">
                {said}
              </div>
              <BusyButton busy={busy} onClick={() => void act(saveOrder(orderIds(rows)))}>
                {t("inverters.saveOrder")}
              </BusyButton>
            </>
          )}
        </div>
      </section>
      {editing && (
        <EditModal
          key={editing.id}
          entry={editing}
          others={rows.filter((r) => r.id !== editing.id).map((r) => r.serial)}
          onClose={() => setEditing(null)}
          onSaved={(r) => {
            setEditing(null);
            setResult(r);
            void refresh();
          }}
        />
      )}
      <ConfirmModal
        open={deleting !== null}
        title={t("inverters.deleteTitle")}
        confirmLabel={t("inverters.deleteButton")}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const d = deleting;
          setDeleting(null);
          if (d) void act(deleteInverter(d.id));
        }}
      >
        {deleting && t("inverters.deleteText", { name: deleting.name, serial: deleting.serial })}
      </ConfirmModal>
    </>
  );
}

/** The list's column headers; below sm the serial is hidden, below md the type (the dialogs show both). */
function ListHead() {
  const t = useT();
  return (
    <thead>
      <tr>
        <th scope="col">
          <span className="visually-hidden">{t("inverters.colOrder")}</span>
        </th>
        <th scope="col">{t("common.status")}</th>
        <th scope="col" className="d-none d-sm-table-cell">
          {t("inverters.serial")}
        </th>
        <th scope="col">{t("common.name")}</th>
        <th scope="col" className="d-none d-md-table-cell">
          {t("inverters.colType")}
        </th>
        <th scope="col" className="text-end">
          {t("inverters.colActions")}
        </th>
      </tr>
    </thead>
  );
}

type Sortable = ReturnType<typeof useSortable>;

/** One inverter's row: the move handle, what it receives and sends, serial, name, type, edit and delete. */
function InverterRow(p: {
  inv: InverterEntry;
  row: ReturnType<Sortable["rowProps"]>;
  handle: ReturnType<Sortable["handleProps"]>;
  hintId: string;
  handleRef: (el: HTMLButtonElement | null) => void;
  onHandleKey: (e: KeyboardEvent) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const { inv, row, handle, hintId, handleRef, onHandleKey, onEdit, onDelete } = p;
  return (
    <tr {...row}>
      <td>
        <button
          type="button"
          className="btn btn-sm btn-link text-body p-1"
          aria-label={t("inverters.moveLabel", { name: inv.name })}
          aria-describedby={hintId}
          data-handle={inv.id}
          ref={handleRef}
          onKeyDown={onHandleKey}
          {...handle}
        >
          <Icon name="grip" />
        </button>
      </td>
      <td>
        <span className="d-inline-flex flex-wrap gap-1">
          <BoolBadge value={inv.poll_enable} yes={t("inverters.receiveOn")} no={t("inverters.receiveOff")} />
          <span className="d-none d-sm-inline">
            <BoolBadge value={inv.command_enable} yes={t("inverters.sendOn")} no={t("inverters.sendOff")} />
          </span>
        </span>
      </td>
      <td className="d-none d-sm-table-cell">{inv.serial}</td>
      <td>{inv.name}</td>
      <td className="d-none d-md-table-cell">{inv.type}</td>
      <td className="text-end text-nowrap">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary me-1"
          aria-label={t("inverters.editLabel", { name: inv.name })}
          title={t("inverters.editLabel", { name: inv.name })}
          onClick={onEdit}
        >
          <Icon name="pencil" />
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label={t("inverters.deleteLabel", { name: inv.name })}
          title={t("inverters.deleteLabel", { name: inv.name })}
          onClick={onDelete}
        >
          <Icon name="trash" />
        </button>
      </td>
    </tr>
  );
}
