import { uiLimits } from "@dtu/api/limits";
import { CheckField, FormRow, SelectField } from "../../components/ui/FormRow";
import { useI18n, type Translate } from "../../lib/i18n";
import type { DeviceConfig } from "./api";

/** API.md §3.11: display language 0 en, 1 de, 2 fr; later firmware sends a `locale` code instead (§9.11). */
const LANGUAGES = ["en", "de", "fr"] as const;
const ROTATIONS = [0, 90, 180, 270] as const;

type Display = DeviceConfig["display"];

/** The device manager's display tab (SEED §2): power save, screensaver, language, rotation, contrast. */
export function DisplayTab({
  display,
  onChange,
}: {
  display: Display;
  onChange: (display: Display) => void;
}) {
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
        onChange={(e) => onChange({ ...display, power_safe: e.target.checked })}
      />
      <CheckField
        label={t("device.screensaver")}
        hint={t("device.screensaverHint")}
        switchStyle
        checked={display.screensaver}
        onChange={(e) => onChange({ ...display, screensaver: e.target.checked })}
      />
      <SelectField
        label={t("device.language")}
        name="language"
        value={langValue}
        onChange={(e) =>
          onChange(
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
        onChange={(e) => onChange({ ...display, rotation: Number(e.target.value) })}
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
              onChange={(e) => onChange({ ...display, contrast: Number(e.target.value) })}
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
