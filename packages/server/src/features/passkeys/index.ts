import type { Feature } from '../../http/feature.js';
import { passkeysConfig } from './config.js';
import { registerPasskeyRoutes } from './routes.js';

export const passkeys: Feature = { name: 'passkeys', register: registerPasskeyRoutes, config: passkeysConfig };
