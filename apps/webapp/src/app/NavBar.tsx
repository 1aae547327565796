import { useState } from "react";
import { Link } from "../lib/router";
import { Icon } from "../components/ui/Icon";
import { useI18n } from "../lib/i18n";
import { paths } from "../lib/routes";
import { useBrandIcon } from "./useBrandIcon";
import { NavLinks } from "./NavLinks";
import { LanguageMenu, SessionButton, ThemeMenu } from "./NavPrefs";

/**
 * The navigation bar of SEED §2: the brand, the page links and menus (./NavLinks.tsx), theme, language and login
 * (./NavPrefs.tsx). Collapses below lg; any link tap closes the menu.
 */
export function NavBar() {
  const { t } = useI18n();
  const brand = useBrandIcon();
  const [open, setOpen] = useState(false);
  const collapse = () => setOpen(false);
  return (
    <nav className="navbar navbar-expand-lg bg-dark sticky-top" data-bs-theme="dark">
      <div className="container-fluid">
        <Link href={paths.home} className="navbar-brand d-flex align-items-center gap-2" onClick={collapse}>
          <Icon name={brand} size={24} className="text-warning" data-brand={brand} />
          {t("common.appName")}
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-nav"
          aria-expanded={open}
          aria-label={t("common.toggleNavigation")}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="menu" size={24} />
        </button>
        <div className={`collapse navbar-collapse${open ? " show" : ""}`} id="main-nav">
          <NavLinks collapse={collapse} />
          <ul className="navbar-nav align-items-lg-center">
            <ThemeMenu collapse={collapse} />
            <LanguageMenu collapse={collapse} />
            <li className="nav-item">
              <SessionButton collapse={collapse} />
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
