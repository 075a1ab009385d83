import type { Feature } from '../../flow/feature';
import { magicLinkTokenEffects } from './effects';
import { reduceMagicLinks } from './reducer';
import { initialMagicLinkSlice } from './state';

/** The reset mount's magic-link token (vestibule_token_type=login): logging in with it. No screen of its own. */
export const magicLinkToken: Feature = {
  name: 'magic-link-token',
  initial: initialMagicLinkSlice,
  reduce: reduceMagicLinks,
  effects: magicLinkTokenEffects,
};
