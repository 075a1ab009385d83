import type { Feature } from '../../flow/feature';
import { GenericSuccess } from '../../flow/GenericSuccess';
import { oauthStartEffects } from './effects';
import { reduceOAuth } from './reducer';
import { OAuthButtons } from './screens/OAuthButtons';
import { initialOAuthSlice } from './state';

/**
 * Social sign-in in the login mount: Main's buttons (slot `oauth`). A button's sign-in ends on the
 * landing page (landing.ts); Google one-tap's ends here, on the success screen.
 */
export const oauth: Feature = {
  name: 'oauth',
  initial: initialOAuthSlice,
  reduce: reduceOAuth,
  screen: (state) => (state.authenticated === 'oauth' ? 'OAuthSuccess' : null),
  screens: { OAuthSuccess: GenericSuccess },
  effects: oauthStartEffects,
  mainSlots: { oauth: OAuthButtons },
};
