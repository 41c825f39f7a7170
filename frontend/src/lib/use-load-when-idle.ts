import { useEffect } from 'react';

type Load = () => Promise<unknown>;

/** Waits for the browser to be idle (or a second, where it has no idle callback); returns a cancel function. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

/** Loads waiting their turn, and whether one is under way (it then starts the next when done). */
const waiting: Load[] = [];
let busy = false;

function loadNext(): void {
  if (busy || waiting.length === 0) return;
  busy = true;
  whenIdle(() => {
    const load = waiting.shift();
    const done = () => {
      busy = false;
      loadNext();
    };
    if (!load) return done();
    // A failed prefetch is retried on open.
    load()
      .catch(() => undefined)
      .then(done, done);
  });
}

/**
 * Runs `load` when the browser is idle (or soon, where it has no idle callback): code a screen does not draw
 * at first (dialogs, menus, panels) is fetched after it, so a tap still finds it ready. The loads of a screen
 * run one at a time, each in an idle moment of its own: started together, the chunks they fetch were all
 * evaluated at once, in long tasks that kept the page from answering a tap just after it was drawn
 * (Total Blocking Time). Pass a stable function.
 */
export function useLoadWhenIdle(load: Load): void {
  useEffect(() => {
    waiting.push(load);
    loadNext();
    return () => {
      const index = waiting.indexOf(load);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [load]);
}
