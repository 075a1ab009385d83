import type { Feature } from '../../flow/feature';
import { enterOAuthCallback, oauthLandingEffects } from './effects';
import { reduceOAuth } from './reducer';
import { OAuthCallback } from './screens/OAuthCallback';
import { initialOAuthSlice } from './state';

/**
 * The reset mount opened by the server's redirect back from a provider (the mount puts
 * readOAuthLanding's answer in the first state): OAuthCallback until signed in, then the mount's
 * success screen. Listed before the reset form's feature, which claims every other state.
 */
export const oauthLanding: Feature = {
  name: 'oauth-landing',
  initial: initialOAuthSlice,
  reduce: reduceOAuth,
  screen: (state) => (state.oauthLanding && !state.authenticated ? 'OAuthCallback' : null),
  screens: { OAuthCallback },
  effects: oauthLandingEffects,
  enter: { OAuthCallback: enterOAuthCallback },
};
