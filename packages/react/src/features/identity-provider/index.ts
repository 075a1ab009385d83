import type { Feature } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';

/**
 * The identity-provider mount: IDPConsent (Authorize or Logout, read from the page's query). Its
 * screens load lazily: only hosts of the consent page download them.
 */
export const identityProvider: Feature = {
  name: 'identity-provider',
  screen: () => 'IDPConsent',
  screens: { IDPConsent: lazyScreen(() => import('./screens/IDPConsent')) },
};
