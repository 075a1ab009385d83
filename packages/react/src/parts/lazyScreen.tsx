import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from './Loading';

/** A component loaded on first render (its own chunk), showing the spinner until it arrives. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Lazy = lazy(load);
  return function Suspended() {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
  };
}
