import type { Feature } from '../../http/feature.js';
import { passkeysConfig } from './config.js';
import { passkeys as passkeysMigration } from './migrations/0007-passkeys.js';
import { registerPasskeyRoutes } from './routes.js';
import { passkeyWaysIn, removeUserRegistrations } from './registrations-store.js';
import { passkeysPart } from './user-part.js';

export const passkeys: Feature = {
  name: 'passkeys',
  register: registerPasskeyRoutes,
  config: passkeysConfig,
  migrations: { '0007-passkeys': passkeysMigration },
  revokeUser: removeUserRegistrations,
  userPart: passkeysPart,
  waysIn: passkeyWaysIn,
};
