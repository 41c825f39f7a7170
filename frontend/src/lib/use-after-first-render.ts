import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true from a task after it has committed: what a screen does not need to
 * draw (a live stream, a background check, a badge's count) then starts in a task of its own, not in the long
 * one that commits the first screen and starts its own requests (Total Blocking Time).
 */
export function useAfterFirstRender(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return after;
}
