import { withLater } from '../../later/load';
/** The rest of the sign-in's second step, one lazy chunk (lazy.ts), with the later texts and styles: the first load carries only the reducer and the screen choice. */
export const loadTwoStep = withLater(() => import('./lazy'));
