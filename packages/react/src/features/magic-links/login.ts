import type { Feature } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';
import { MagicLinkForm } from './screens/MagicLinkForm';
import { initialMagicLinkSlice } from './state';

/** Email magic links in the login mount: Main's Email tab (unless passwords draw it) and EmailConfirmation. */
export const magicLinks: Feature = {
  name: 'magic-links',
  initial: initialMagicLinkSlice,
  loadReduce: () => import('./reducer'),
  screen: (state) => (state.magicLinkState ? 'EmailConfirmation' : null),
  screens: { EmailConfirmation: lazyScreen(() => import('./screens/EmailConfirmation')) },
  effects: () => import('./effects').then((m) => m.magicLinkEffects),
  main: { product: 'emailMagicLinks', tabs: () => [{ id: 'email', label: 'tabEmail', form: MagicLinkForm, rank: 1 }] },
};
