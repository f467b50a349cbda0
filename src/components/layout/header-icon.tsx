/**
 * A line icon of the header's icon-and-label controls (sign-out, "On this device"): drawn in
 * the text's colour, hidden from assistive technology (the label names the control, also on a
 * phone where it is hidden visually).
 */
export function HeaderIcon({ className, path }: { className: string; path: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
