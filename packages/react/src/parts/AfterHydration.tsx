import type { ReactNode } from 'react';
import { useHydrating } from '../widget/hydration';
import { Loading } from './Loading';

/**
 * A screen that depends on the visitor's session or the page's address. Given what the host's
 * server read (`known`: the mount's serverState) it draws on the server and hydrates the same;
 * otherwise those live only in the browser: drawn as loading on a server and while hydrating (the
 * same on both sides), then drawn.
 */
export function AfterHydration({ children, known }: { children: ReactNode; known: boolean }) {
  return useHydrating() && !known ? <Loading /> : children;
}
