import type { Feature } from './feature';

/**
 * What every mount does, whatever its features: sign-ins, starting again, the top banner, the Main
 * tab, and the flow-complete events of a success screen (failures: below). The engine puts it first
 * in every flow, after `failures`. Its cases and effects load after the first paint, as every
 * feature's do.
 */
export const common: Feature = {
  name: 'common',
  loadReduce: () => import('./common-reducer'),
  effects: () => import('./common-effects').then((m) => m.commonEffects),
};

/**
 * A failure is shown whatever else has loaded: when the chunks cannot be fetched (a network blip, a
 * deploy that replaced them) the failure saying so is itself a FAILED event.
 */
export const failures: Feature = {
  name: 'failures',
  reduce: (state, event) =>
    event.type === 'FAILED'
      ? { ...state, pending: false, errorDescriptor: { error: event.error, message: event.message, placement: event.placement, retry: event.retry } }
      : state,
};
