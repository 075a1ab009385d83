import type { Feature } from '../../http/feature.js';
import { passkeysConfig } from './config.js';
import { registerPasskeyRoutes } from './routes.js';
import { removeUserRegistrations } from './registrations-store.js';

export const passkeys: Feature = { name: 'passkeys', register: registerPasskeyRoutes, config: passkeysConfig, revokeUser: removeUserRegistrations };
