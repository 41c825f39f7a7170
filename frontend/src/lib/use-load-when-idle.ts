import { useEffect } from 'react';

/**
 * Runs `load` when the browser is idle (or soon, where it has no idle callback): code a screen does not draw
 * at first (dialogs, menus, panels) is fetched after it, so a tap still finds it ready. Pass a stable function.
 */
export function useLoadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const run = () => void load().catch(() => undefined); // a failed prefetch is retried on open
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(run, 1000);
    return () => clearTimeout(timer);
  }, [load]);
}
