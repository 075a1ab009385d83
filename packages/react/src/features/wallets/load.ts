import { withLater } from '../../later/load';
/** The rest of the feature, one lazy chunk (lazy.ts), with the later texts and styles: Main carries only the reducer and the screen choice. */
export const loadWallets = withLater(() => import('./lazy'));

export type LazyPart = Awaited<ReturnType<typeof loadWallets>>;
