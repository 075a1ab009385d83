import type { ReactNode } from 'react';
import { useHydrating } from '../widget/hydration';
import { Loading } from './Loading';

/**
 * A screen that depends on the visitor's session or the page's address, which live in the browser:
 * drawn as loading on a server and while hydrating (the same on both sides), then drawn.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrating() ? <Loading /> : children;
}
