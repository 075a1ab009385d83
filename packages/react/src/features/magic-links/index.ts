import type { Feature } from '../../flow/feature';
import { magicLinkEffects, magicLinkTokenEffects } from './effects';
import { reduceMagicLinks } from './reducer';
import { EmailConfirmation } from './screens/EmailConfirmation';
import { MagicLinkForm } from './screens/MagicLinkForm';
import { initialMagicLinkSlice } from './state';

export type { MagicLinkSlice, MagicLinkEvent, MagicLinkResult } from './state';

/** Email magic links in the login mount: Main's email form (slot `emailMagicLink`) and EmailConfirmation. */
export const magicLinks: Feature = {
  name: 'magic-links',
  initial: initialMagicLinkSlice,
  reduce: reduceMagicLinks,
  screen: (state) => (state.magicLinkState ? 'EmailConfirmation' : null),
  screens: { EmailConfirmation },
  effects: magicLinkEffects,
  mainSlots: { emailMagicLink: MagicLinkForm },
};

/** The reset mount's magic-link token (vestibule_token_type=login): logging in with it. No screen of its own. */
export const magicLinkToken: Feature = {
  name: 'magic-link-token',
  initial: initialMagicLinkSlice,
  reduce: reduceMagicLinks,
  effects: magicLinkTokenEffects,
};
