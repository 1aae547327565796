import { useState } from "react";
import type { NtpConfig } from "@dtu/api/settings";
import { ManualTime } from "./ManualTime";
import { NtpForm } from "./NtpForm";

/** The NTP settings form and the manual time card; a saved config re-reads the device time. */
export function NtpSettings({ initial }: { initial: NtpConfig }) {
  const [saves, setSaves] = useState(0);
  const [zone, setZone] = useState(initial.ntp_timezone_descr);
  return (
    <>
      <NtpForm
        initial={initial}
        onSaved={(z) => {
          setZone(z);
          setSaves((n) => n + 1);
        }}
      />
      <ManualTime reloadKey={saves} zone={zone} />
    </>
  );
}
