import { type ReactNode, startTransition, Suspense, useEffect, useState } from 'react';
import { afterPaint } from '../later/afterPaint';

/** Whether a widget on this page has painted: from then on lazy parts render at once. */
let painted = false;

/**
 * Draws `fallback` on the page's first widget paint and `children` (a lazy part whose code `load`
 * fetches, the loader its lazy() was given) once that code is in. React's lazy() starts a part's
 * import when the part first renders, and each import() call made while the first screen renders
 * delays its paint by a millisecond or more (a configuration with every method drew four such
 * parts). Each part appears when its own code is in, not when the slowest one's is.
 */
export function AfterFirstPaint({ fallback, load, children }: { fallback: ReactNode; load: () => Promise<unknown>; children: ReactNode }) {
  const [now, setNow] = useState(painted);
  // The load starts once the frame is painted (afterPaint: effects may run before it). A
  // transition: the room stays drawn until the part is ready, rather than making way for a second
  // copy of itself (the Suspense fallback). A load that fails is left to the part itself (its lazy()
  // tries again and throws to the nearest boundary).
  useEffect(() => {
    painted = true;
    if (now) return undefined;
    let live = true;
    const show = () => {
      if (live) startTransition(() => setNow(true));
    };
    const cancel = afterPaint(() => load().then(show, show));
    return () => {
      live = false;
      cancel();
    };
  }, [now, load]);
  return <Suspense fallback={fallback}>{now ? children : fallback}</Suspense>;
}
