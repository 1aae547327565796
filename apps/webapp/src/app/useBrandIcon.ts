import { useEffect, useState } from "react";
import { brandIcon, type BrandIcon } from "../lib/brand";

/** SEED §2/§9: the brand icon is re-checked every 10 s (the tab may stay open over midnight). */
export const BRAND_CHECK_MS = 10_000;

export function useBrandIcon(): BrandIcon {
  const [icon, setIcon] = useState(() => brandIcon(new Date()));
  useEffect(() => {
    const id = setInterval(() => setIcon(brandIcon(new Date())), BRAND_CHECK_MS);
    return () => clearInterval(id);
  }, []);
  return icon;
}
