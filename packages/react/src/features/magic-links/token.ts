import type { Feature } from '../../flow/feature';
import { magicLinkTokenEffects } from './effects';
import { reduceMagicLinks } from './reducer';
import { MagicLinkDead } from './screens/MagicLinkDead';
import { initialMagicLinkSlice } from './state';

/**
 * The reset mount's magic-link token (vestibule_token_type=login): logging in with it while the
 * reset form says 'Logging in...'; MagicLinkDead when the link is refused. Listed before the reset
 * form's feature, which claims every other state.
 */
export const magicLinkToken: Feature = {
  name: 'magic-link-token',
  initial: initialMagicLinkSlice,
  reduce: reduceMagicLinks,
  screen: (state) => (state.magicLinkDead ? 'MagicLinkDead' : null),
  screens: { MagicLinkDead },
  effects: magicLinkTokenEffects,
};
