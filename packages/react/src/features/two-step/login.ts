import type { Feature } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';
import { loadTwoStep } from './load';
import { initialTwoStepSlice } from './state';

/**
 * Two-step verification, the sign-in's second step, in every mount where a sign-in happens: a first
 * factor answered with an intermediate session (flow/signIn.ts) shows 'Two-step verification' (the
 * app's code, or a recovery code), or, where the project requires it of a user without it, adds
 * the app first. Listed first, so that it claims the screen while the sign-in is held; once the
 * step is done, the first method's own success screen and host event follow. Everything but the
 * reducer and the screen choice loads lazily (lazy.ts): the requests' effects run there too (the
 * screen that sends them came in the same chunk).
 */
export const twoStep: Feature = {
  name: 'two-step',
  initial: initialTwoStepSlice,
  loadReduce: () => import('./reducer'),
  screen: (state) => (state.twoStep ? 'TwoStep' : null),
  screens: { TwoStep: lazyScreen(() => loadTwoStep().then((lazy) => ({ default: lazy.TwoStep }))) },
  effects: {
    TWO_STEP_REQUEST(event, ctx) {
      void loadTwoStep().then((lazy) => lazy.request(event.request, ctx));
    },
  },
};
