import type { Feature } from '../../flow/feature';
import { magicLinkTokenEffects } from './effects';
import { reduceMagicLinks } from './reducer';
import { MagicLinkContinue } from './screens/MagicLinkContinue';
import { MagicLinkDead } from './screens/MagicLinkDead';
import { initialMagicLinkTokenSlice } from './state';

/**
 * The reset mount's magic-link token (vestibule_token_type=login): logging in with it while the
 * reset form says 'Logging in...'; MagicLinkContinue when it was opened away from the browser that
 * asked for it; MagicLinkDead when the link is refused. Listed before the reset
 * form's feature, which claims every other state.
 */
export const magicLinkToken: Feature = {
  name: 'magic-link-token',
  initial: initialMagicLinkTokenSlice,
  reduce: reduceMagicLinks,
  screen: (state) => (state.magicLinkDead ? 'MagicLinkDead' : state.magicLinkUnconfirmed && !state.authenticated ? 'MagicLinkContinue' : null),
  screens: { MagicLinkDead, MagicLinkContinue },
  effects: magicLinkTokenEffects,
};
