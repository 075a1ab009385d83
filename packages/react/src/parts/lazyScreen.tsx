import { Suspense, type ComponentType } from 'react';
import { lazyWithLater } from '../later/load';
import { Loading } from './Loading';

/**
 * A component loaded on first render (its own chunk, with the later texts and styles: src/later/),
 * showing the spinner until it arrives. Like
 * React's lazy(), call it at module level (every caller does), never while rendering: each call
 * makes a new component.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Lazy = lazyWithLater(load);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like lazy(), called once per screen at module level, so each screen keeps one component for the page's life; moving the Suspense to where screens render would change what shows while one loads
  return function Suspended() {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
  };
}
