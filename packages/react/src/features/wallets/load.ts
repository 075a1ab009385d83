/** The rest of the feature, one lazy chunk (lazy.ts): Main carries only the reducer and the screen choice. */
export const loadWallets = () => import('./lazy');

export type LazyPart = Awaited<ReturnType<typeof loadWallets>>;
