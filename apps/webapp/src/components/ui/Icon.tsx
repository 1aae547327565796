import type { SVGProps } from "react";

// Inline SVG icons drawn for this project, only the ones in use (STYLE.md: ~140 B each).
// Add one: a 16×16 viewBox path (or a few), stroke/fill in currentColor.
const shapes = {
  sun: (
    <>
      <circle cx="8" cy="8" r="3" />
      <path
        d="M8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.4 1.4M11.6 11.6L13 13M3 13l1.4-1.4M11.6 4.4L13 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </>
  ),
  tree: <path d="M8 1l4 5h-2l3 4H9.5v2h-3v-2H3l3-4H4z M7 12h2v3H7z" />,
  egg: <path d="M8 1c2.8 0 5 4.4 5 8a5 5 0 0 1-10 0c0-3.6 2.2-8 5-8z" />,
  moon: <path d="M10 1.5a6.5 6.5 0 1 0 4.5 10A5.5 5.5 0 0 1 10 1.5z" />,
  circleHalf: <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.5v11a5.5 5.5 0 0 1 0-11z" />,
  globe: (
    <path
      d="M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM1.5 8h13M8 1.5c2 2 2.6 4.2 2.6 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.4 5.7 5.4 8S6 12.5 8 14.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
    />
  ),
  // Live view tab status (SEED §2): unreachable, reachable but not producing.
  reload: (
    <path
      d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M12 1.5v3h-3"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
    />
  ),
  login: (
    <path
      d="M7 4l4 4-4 4M11 8H2M9 2h4.5v12H9"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
    />
  ),
  logout: (
    <path
      d="M11 4l4 4-4 4M15 8H6M7 2H2.5v12H7"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
    />
  ),
  menu: (
    <path
      d="M2 4h12M2 8h12M2 12h12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
    />
  ),
  grip: (
    <>
      <circle cx="6" cy="3.5" r="1.2" />
      <circle cx="10" cy="3.5" r="1.2" />
      <circle cx="6" cy="8" r="1.2" />
      <circle cx="10" cy="8" r="1.2" />
      <circle cx="6" cy="12.5" r="1.2" />
      <circle cx="10" cy="12.5" r="1.2" />
    </>
  ),
  pencil: <path d="M11.5 1.5l3 3-9 9H2.5v-3zM10 3l3 3" fill="none" stroke="currentColor" strokeWidth="1.4" />,
  trash: (
    <path
      d="M2.5 4h11M6 4V2.5h4V4M4 4l.8 10h6.4L12 4M6.5 6.5v5M9.5 6.5v5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
    />
  ),
} as const;

export type IconName = keyof typeof shapes;

export interface IconProps extends SVGProps<SVGSVGElement> {
  name: IconName;
  size?: number;
  /** Text for screen readers; without it the icon is decorative (aria-hidden). */
  label?: string;
}

export function Icon({ name, size = 16, label, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="currentColor"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      {shapes[name]}
    </svg>
  );
}
