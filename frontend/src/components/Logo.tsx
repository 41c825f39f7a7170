/** Plain SVG (no MUI): the landing page draws it before MUI has loaded. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" style={{ flexShrink: 0 }}>
      <rect width="64" height="64" rx="14" fill="#4527a0" />
      <path
        d="M18 44 32 14l14 30"
        fill="none"
        stroke="#ffca28"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="40" r="5" fill="#fff" />
    </svg>
  );
}
