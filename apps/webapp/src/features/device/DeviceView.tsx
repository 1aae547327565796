import { useEffect, useState, type FormEvent } from "react";
import { uiLimits } from "@dtu/api/limits";
import { SaveButton } from "../../components/ui/Buttons";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { CheckField, FormRow, SelectField } from "../../components/ui/FormRow";
import { ResultAlert, Alert } from "../../components/ui/ResultAlert";
import { Spinner } from "../../components/ui/Spinner";
import { Tabs } from "../../components/ui/Tabs";
import { useSave } from "../../components/ui/useSave";
import { useI18n, type Translate } from "../../lib/i18n";
import { loadProfiles, saveDeviceConfig, type DeviceConfig, type Profiles } from "./api";
import {
  compareRows,
  DEFAULT_PROFILE,
  isUnset,
  profileNames,
  selectedName,
  type PinSet,
  type PinValue,
} from "./profiles";

/** API.md §3.11: display language 0 en, 1 de, 2 fr; later firmware sends a `locale` code instead (§9.11). */
const LANGUAGES = ["en", "de", "fr"] as const;
const ROTATIONS = [0, 90, 180, 270] as const;

function pinText(t: Translate, v: PinValue): string {
  if (isUnset(v)) return t("device.unset");
  if (typeof v === "boolean") return v ? t("device.yes") : t("device.no");
  return String(v);
}

/** Device manager (SEED §2): pin assignment and display tabs, one Save for both. */
export function DeviceView({ config, onReload }: { config: DeviceConfig; onReload: () => void }) {
  const t = useI18n().t;
  const [profiles, setProfiles] = useState<Profiles>();
  const [profile, setProfile] = useState(() => selectedName(config.curPin.name));
  const [display, setDisplay] = useState(config.display);
  const [saved, setSaved] = useState(config);
  const { busy, result, clear, run } = useSave();
  const [restarting, setRestarting] = useState(false);
  const restart = useDeviceRestart(restarting);
  const [shown, setShown] = useState(config);

  // A reload (after the restart with a new profile) brings new active pins: start over from them.
  if (config !== shown) {
    setShown(config);
    setProfile(selectedName(config.curPin.name));
    setDisplay(config.display);
    setSaved(config);
  }

  useEffect(() => {
    if (restart === "back") onReload();
  }, [restart, onReload]);

  useEffect(() => {
    const ctl = new AbortController();
    void loadProfiles(ctl.signal).then((p) => {
      if (!ctl.signal.aborted) setProfiles(p);
    });
    return () => ctl.abort();
  }, []);

  const list = profiles?.ok ? profiles.profiles : [];
  const names = profileNames(list, config.curPin.name);
  const chosen = list.find((p) => p.name === profile);
  const rows = compareRows(chosen, config.curPin as PinSet);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The valibot rest type cannot say "name is a string, every other key a group"; the shape is unchanged.
    const curPin = { ...saved.curPin, name: profile } as DeviceConfig["curPin"];
    const body: DeviceConfig = { ...saved, curPin, display };
    setRestarting(false);
    if ((await run(saveDeviceConfig(body))).type === "success") {
      // API.md §3.11: a changed profile name reboots the device about 1 s after the answer.
      setRestarting(profile !== saved.curPin.name);
      setSaved(body);
    }
  }

  const pinTab = (
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
        onChange={(e) => setProfile(e.target.value)}
        options={names.map((n) => [n, n === DEFAULT_PROFILE ? t("device.default") : n] as const)}
      />
      <div className="alert alert-warning">{t("device.rebootHint")}</div>
      <PinTable rows={rows} />
    </>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Tabs
        items={[
          { key: "pins", title: t("device.tabPins"), content: pinTab },
          {
            key: "display",
            title: t("device.tabDisplay"),
            content: <DisplayTab display={display} setDisplay={setDisplay} />,
          },
        ]}
      />
      {/* Result and Save at the end, right-aligned, as on the other settings forms. */}
      <ResultAlert result={result} onClose={clear} />
      <DeviceRestartNote state={restart} waiting={t("device.waiting")} back={t("common.runningAgain")} />
      <div className="text-end mb-3">
        <SaveButton busy={busy} />
      </div>
    </form>
  );
}

/** The pin table: the chosen profile's pins beside the active ones, differences marked. */
function PinTable({ rows }: { rows: ReturnType<typeof compareRows> }) {
  const t = useI18n().t;
  return (
    <>
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

type Display = DeviceConfig["display"];

/** The display tab (API.md §3.11 `display`). */
function DisplayTab({ display, setDisplay }: { display: Display; setDisplay: (d: Display) => void }) {
  const { t, number } = useI18n();
  const hasLocale = typeof display.locale === "string";
  const langValue = hasLocale ? (display.locale ?? "en") : String(display.language ?? 0);
  const langOptions: (readonly [string, string])[] = hasLocale
    ? [...new Set<string>([...LANGUAGES, display.locale ?? "en"])].map(
        (code) => [code, languageName(t, code)] as const,
      )
    : LANGUAGES.map((code, i) => [String(i), languageName(t, code)] as const);
  const { min, max } = uiLimits.display.contrast;

  return (
    <>
      <CheckField
        label={t("device.powerSave")}
        hint={t("device.powerSaveHint")}
        switchStyle
        checked={display.power_safe}
        onChange={(e) => setDisplay({ ...display, power_safe: e.target.checked })}
      />
      <CheckField
        label={t("device.screensaver")}
        hint={t("device.screensaverHint")}
        switchStyle
        checked={display.screensaver}
        onChange={(e) => setDisplay({ ...display, screensaver: e.target.checked })}
      />
      <SelectField
        label={t("device.language")}
        name="language"
        value={langValue}
        onChange={(e) =>
          setDisplay(
            hasLocale
              ? { ...display, locale: e.target.value }
              : { ...display, language: Number(e.target.value) },
          )
        }
        options={langOptions}
      />
      <SelectField
        label={t("device.rotation")}
        name="rotation"
        value={String(display.rotation)}
        onChange={(e) => setDisplay({ ...display, rotation: Number(e.target.value) })}
        options={ROTATIONS.map((deg, i) => [String(i), t("device.degrees", { value: deg })] as const)}
      />
      <FormRow label={t("device.contrast")}>
        {(c) => (
          <div className="d-flex align-items-center gap-3">
            <input
              type="range"
              className="form-range"
              min={min}
              max={max}
              step={1}
              value={display.contrast}
              aria-valuetext={t("common.percent", { value: number(display.contrast) })}
              onChange={(e) => setDisplay({ ...display, contrast: Number(e.target.value) })}
              {...c}
            />
            <output className="text-nowrap" htmlFor={c.id}>
              {t("common.percent", { value: number(display.contrast) })}
            </output>
          </div>
        )}
      </FormRow>
    </>
  );
}

function languageName(t: Translate, code: string): string {
  if (code === "en") return t("common.languageEn");
  if (code === "de") return t("common.languageDe");
  if (code === "fr") return t("common.languageFr");
  return code;
}
