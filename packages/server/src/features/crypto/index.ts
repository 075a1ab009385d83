import type { Feature } from '../../http/feature.js';
import { cryptoConfig } from './config.js';
import { registerCryptoRoutes } from './routes.js';

export const cryptoWallets: Feature = { name: 'crypto', register: registerCryptoRoutes, config: cryptoConfig };
