import { type ReactNode, startTransition, Suspense, useEffect, useState } from 'react';

/** Whether a widget on this page has painted: from then on lazy parts render at once. */
let painted = false;

/**
 * Draws `fallback` on the page's first widget paint and `children` (lazy parts) right after, in a
 * Suspense with the same fallback. React's lazy() starts a part's import when the part first
 * renders, and each import() call made while the first screen renders delays its paint by a
 * millisecond or more (a configuration with every method drew four such parts).
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [now, setNow] = useState(painted);
  // Effects run once the frame is painted. A transition: the room stays drawn until the part has
  // loaded, rather than making way for a second copy of itself (the Suspense fallback).
  useEffect(() => {
    painted = true;
    startTransition(() => setNow(true));
  }, []);
  return <Suspense fallback={fallback}>{now ? children : fallback}</Suspense>;
}
