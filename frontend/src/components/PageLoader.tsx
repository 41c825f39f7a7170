import './PageLoader.css';

/** Shown while a screen loads; plain HTML and CSS, so the router's fallbacks need no MUI. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="page-loader">
      {/* A progressbar needs its own name (axe: aria-progressbar-name). */}
      <span role="progressbar" aria-label={label} className="page-loader-spinner">
        <svg viewBox="22 22 44 44" aria-hidden="true">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}
