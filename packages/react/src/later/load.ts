import { lazy, type ComponentType } from 'react';
import { loadOnce } from '../parts/loadOnce';

/**
 * What no first screen draws, the later screens' texts and styles, is one chunk of its own
 * (./register.ts): the flow fetches it once the widget has painted, and every part that loads
 * lazily (screens, sections, effects) waits for it too, so nothing draws a text or a rule before it
 * is there. A load that fails is tried again by the next part that asks.
 */
export const loadLater = loadOnce(() => import('./register').then(({ registerLater }) => registerLater())).load;

/** `load`, resolved once the later texts and styles are in as well. */
export const withLater =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadLater()]).then(([loaded]) => loaded);

/** React's lazy() for a part that may show later texts or styles: it arrives with them. */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() takes any component type this way
export const lazyWithLater = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(withLater(load));
