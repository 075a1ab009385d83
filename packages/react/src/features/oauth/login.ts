import type { Feature } from '../../flow/feature';
import { oauthStartEffects } from './effects';
import { reduceOAuth } from './reducer';
import { OAuthButtons } from './screens/OAuthButtons';
import { initialOAuthSlice } from './state';

/** Social sign-in in the login mount: Main's buttons (slot `oauth`). The sign-in ends on the landing page (landing.ts). */
export const oauth: Feature = {
  name: 'oauth',
  initial: initialOAuthSlice,
  reduce: reduceOAuth,
  effects: oauthStartEffects,
  mainSlots: { oauth: OAuthButtons },
};
