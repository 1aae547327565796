import { Alert } from "../../components/ui/ResultAlert";
import { SelectField } from "../../components/ui/FormRow";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n, type Translate } from "../../lib/i18n";
import type { DeviceConfig, Profiles } from "./api";
import { compareRows, DEFAULT_PROFILE, isUnset, profileNames, type PinSet, type PinValue } from "./profiles";

function pinText(t: Translate, v: PinValue): string {
  if (isUnset(v)) return t("device.unset");
  if (typeof v === "boolean") return v ? t("device.yes") : t("device.no");
  return String(v);
}

/**
 * The device manager's pin tab (SEED §2): the profile to use and its pins beside the active ones, a differing row
 * marked. `profiles` is undefined while loading.
 */
export function PinTab({
  profiles,
  profile,
  onProfile,
  active,
}: {
  profiles: Profiles | undefined;
  profile: string;
  onProfile: (name: string) => void;
  active: DeviceConfig["curPin"];
}) {
  const { t } = useI18n();
  const list = profiles?.ok ? profiles.profiles : [];
  const names = profileNames(list, active.name);
  const rows = compareRows(
    list.find((p) => p.name === profile),
    active as PinSet,
  );
  return (
    <>
      {profiles === undefined ? (
        <Spinner small />
      ) : (
        !profiles.ok && <Alert type="danger">{t("device.parseError", { message: profiles.message })}</Alert>
      )}
      <SelectField
        label={t("device.profile")}
        name="profile"
        value={profile}
        onChange={(e) => onProfile(e.target.value)}
        options={names.map((n) => [n, n === DEFAULT_PROFILE ? t("device.default") : n] as const)}
      />
      <div className="alert alert-warning">{t("device.rebootHint")}</div>
      {/* Focusable so keyboard users can scroll it on a phone (axe: scrollable-region-focusable). */}
      <div className="table-responsive" tabIndex={0}>
        <table className="table table-sm align-middle">
          <caption className="caption-top">{t("device.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("device.category")}</th>
              <th scope="col">{t("common.name")}</th>
              <th scope="col">{t("device.selected")}</th>
              <th scope="col">{t("device.active")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={`${r.category}.${r.name}`}
                className={r.differs ? "table-warning" : undefined}
                data-differs={r.differs ? "true" : undefined}
              >
                <td>{r.category}</td>
                <td>{r.name}</td>
                <td>{r.selected === undefined ? t("device.fwDefault") : pinText(t, r.selected)}</td>
                <td>
                  {pinText(t, r.active)}
                  {r.differs && <span className="visually-hidden"> ({t("device.differs")})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
