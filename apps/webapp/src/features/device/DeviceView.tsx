import { useEffect, useState, type FormEvent } from "react";
import { SaveButton } from "../../components/ui/Buttons";
import { DeviceRestartNote } from "../../components/ui/DeviceRestart";
import { useDeviceRestart } from "../../components/ui/deviceRestart";
import { ResultAlert } from "../../components/ui/ResultAlert";
import { Tabs } from "../../components/ui/Tabs";
import { useSave } from "../../components/ui/useSave";
import { useI18n } from "../../lib/i18n";
import { loadProfiles, saveDeviceConfig, type DeviceConfig, type Profiles } from "./api";
import { DisplayTab } from "./DisplayTab";
import { PinTab } from "./PinTab";
import { selectedName } from "./profiles";

/** Device manager (SEED §2): pin assignment and display tabs (./PinTab.tsx, ./DisplayTab.tsx), one Save for both. */
export function DeviceView({ config, onReload }: { config: DeviceConfig; onReload: () => void }) {
  const { t } = useI18n();
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

  return (
    <form onSubmit={submit} noValidate>
      <Tabs
        items={[
          {
            key: "pins",
            title: t("device.tabPins"),
            content: (
              <PinTab profiles={profiles} profile={profile} onProfile={setProfile} active={config.curPin} />
            ),
          },
          {
            key: "display",
            title: t("device.tabDisplay"),
            content: <DisplayTab display={display} onChange={setDisplay} />,
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
