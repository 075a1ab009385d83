import type { Feature } from '../../http/feature.js';
import { passkeysConfig } from './config.js';
import { passkeys as passkeysMigration } from './migrations/0007-passkeys.js';
import { passkeySignInAlone } from './migrations/0015-passkey-sign-in-alone.js';
import { registerPasskeyRoutes } from './routes.js';
import { passkeyWaysIn, removeUserRegistrations } from './registrations-store.js';
import { passkeysPart } from './user-part.js';
import { registerWellKnown } from './well-known.js';

export const passkeys: Feature = {
  name: 'passkeys',
  register(app, deps) {
    registerPasskeyRoutes(app, deps);
    registerWellKnown(app, deps);
  },
  config: passkeysConfig,
  migrations: { '0007-passkeys': passkeysMigration, '0015-passkey-sign-in-alone': passkeySignInAlone },
  revokeUser: removeUserRegistrations,
  userPart: passkeysPart,
  waysIn: passkeyWaysIn,
};
