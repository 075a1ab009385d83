import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/**
 * True on a server and while the browser hydrates what a server drew (React answers the server
 * snapshot then), false from the render after: what a first draw shows on both sides must not
 * depend on the browser (its storage, session, address, preferences), or hydration fails.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
}
