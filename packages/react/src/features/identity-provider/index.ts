import type { Feature } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';
import { enterIdp, idpEffects } from './effects';
import { reduceIdp } from './reducer';
import { initialIdpSlice } from './state';

/**
 * The identity-provider mount: IDPConsent (Authorize or Logout, read from the page's query). Its
 * screens load lazily: only hosts of the consent page download them. The mount gives the first
 * state (`initialIdpSlice`: the request from the query, the session guard's token).
 */
export const identityProvider: Feature = {
  name: 'identity-provider',
  // Without a query (getScreen's helpers, tests): the missing-parameter screen. The mount reads the page's.
  initial: initialIdpSlice('', null),
  reduce: reduceIdp,
  screen: () => 'IDPConsent',
  screens: { IDPConsent: lazyScreen(() => import('./screens/IDPConsent')) },
  effects: idpEffects,
  enter: { IDPConsent: enterIdp },
};

export { initialIdpSlice } from './state';
export { serverDrawnSlice } from './preflight';
export type { IdpConsent, IdpEvent, IdpPhase, IdpResult, IdpSlice } from './state';
export { readIdpRequest } from './params';
export { IdpOptionsContext, type IdpOptions } from './options';
