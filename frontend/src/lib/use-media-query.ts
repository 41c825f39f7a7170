import { useCallback, useSyncExternalStore } from 'react';

/** The screen widths of our theme's breakpoints (components/theme.ts keeps MUI's: md is 900 px). */
export const DESKTOP_QUERY = '(min-width: 900px)';
/** The device asks for less motion (an accessibility setting on phones and desktops). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

// jsdom (the unit tests) has no matchMedia: no match there, as MUI's hook answered.
const supported = () => typeof window.matchMedia === 'function';

/**
 * Whether `query` matches, kept up to date: matchMedia without MUI's useMediaQuery (and the theme it reads),
 * which brought MUI's core into the signed-in shell's first render. Right from the first render.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supported()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => supported() && window.matchMedia(query).matches);
}
