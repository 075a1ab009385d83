import type { Feature } from '../../flow/feature';
import { OAuthButtons } from './screens/OAuthButtons';
import { initialOAuthSlice } from './state';

/**
 * Social sign-in in the login mount: Main's buttons, above the form or below it as
 * oauthOptions.position says. The sign-in ends on the landing page (landing.ts).
 */
export const oauth: Feature = {
  name: 'oauth',
  initial: initialOAuthSlice,
  loadReduce: () => import('./reducer'),
  effects: () => import('./effects').then((m) => m.oauthStartEffects),
  main: { product: 'oauth', block: OAuthButtons, order: (config) => (config.oauthOptions?.position === 'below' ? 1 : -2) },
};
