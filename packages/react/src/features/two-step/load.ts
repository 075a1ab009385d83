/** The rest of the sign-in's second step, one lazy chunk (lazy.ts): the first load carries only the reducer and the screen choice. */
export const loadTwoStep = () => import('./lazy');
