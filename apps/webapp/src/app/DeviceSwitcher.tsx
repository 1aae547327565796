import { Dropdown } from "../components/ui/Dropdown";
import { deviceHref, thisDevice, topBase, useDeviceNames } from "../lib/devices";
import { useT } from "../lib/i18n";

/**
 * Gateway build, several devices (issue 24 §4): the overview and every device, from any of their pages. Plain links,
 * not the app's router: each device is an app of its own under its own base (a page load, its own login).
 */
export function DeviceSwitcher() {
  const t = useT();
  const names = useDeviceNames();
  const here = thisDevice();
  if (names.length === 0) return null;
  const item = (key: string, href: string, text: string, current: boolean) => (
    <li key={key}>
      <a
        className={`dropdown-item${current ? " active" : ""}`}
        href={href}
        aria-current={current ? "page" : undefined}
      >
        {text}
      </a>
    </li>
  );
  return (
    <Dropdown nav label={here ?? t("overview.devices")}>
      {() => [
        item("", topBase(), t("overview.title"), here === null),
        ...names.map((n) => item(`d${n}`, deviceHref(n), n, n === here)),
      ]}
    </Dropdown>
  );
}
